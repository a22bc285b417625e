package dev.strider.layout;

/**
 * One inner block of a blocked layout: the {@code 8c} of {@code nChw8c}.
 *
 * @param dim  the logical dim (position in the layout's dims) the block splits
 * @param size the block size, at least 2
 */
public record Block(int dim, int size) {

    /**
     * Checks the block.
     *
     * @throws IllegalArgumentException when {@code dim} is outside {@code 0..7} or {@code size} is below 2
     */
    public Block {
        if (dim < 0 || dim >= TensorLayout.MAX_RANK) {
            throw new IllegalArgumentException("block dim " + dim + " is outside 0.." + (TensorLayout.MAX_RANK - 1));
        }
        if (size < 2) {
            throw new IllegalArgumentException("block size " + size + " must be at least 2");
        }
    }
}
