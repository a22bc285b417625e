package dev.strider.layout;

import java.util.ArrayList;
import java.util.List;

/**
 * A parsed oneDNN-style format tag.
 *
 * <p>Grammar: one letter per dim, outermost first, then any number of inner blocks
 * {@code <number><letter>}, outermost first ({@code nChw8c}, {@code OIhw4i16o4i}). A lower-case
 * letter is a plain dim, an upper-case letter is the outer part of a dim that has inner blocks.
 * Letters name dims either by the layout's own dim names ({@code nhwc} for dims {@code NCHW}) or,
 * as oneDNN's abstract tags do, by position: {@code a} is the first dim, {@code b} the second, and so
 * on ({@code aBcd8b}). Names win when every letter of the tag is a dim name.
 *
 * @param tag    the tag as written
 * @param order  dim positions in memory order, outermost first
 * @param blocks inner blocks, outermost first
 */
record FormatTag(String tag, int[] order, List<Block> blocks) {

    static FormatTag parse(String dims, String tag) {
        if (tag == null || tag.isEmpty()) {
            throw new IllegalArgumentException("format tag is empty");
        }
        int rank = dims.length();
        int split = 0;
        while (split < tag.length() && Character.isLetter(tag.charAt(split))) {
            split++;
        }
        String outer = tag.substring(0, split);
        String letters = letters(tag);
        boolean byName = letters.chars().allMatch(ch -> dims.indexOf(Character.toUpperCase(ch)) >= 0);
        if (!byName) {
            char last = (char) ('a' + rank - 1);
            Character notADim = null;
            Character notAPosition = null;
            for (char ch : letters.toCharArray()) {
                boolean dim = dims.indexOf(Character.toUpperCase(ch)) >= 0;
                int position = Character.toLowerCase(ch) - 'a';
                boolean positional = position >= 0 && position < rank;
                if (!dim && !positional) {
                    throw new IllegalArgumentException("format \"" + tag + "\": '" + ch + "' is neither a dim of "
                            + dims + " nor a position letter a.." + last);
                }
                if (!dim && notADim == null) {
                    notADim = ch;
                }
                if (!positional && notAPosition == null) {
                    notAPosition = ch;
                }
            }
            if (notAPosition != null) {
                // every letter reads one way or the other, but no one way reads them all
                throw new IllegalArgumentException("format \"" + tag + "\" mixes the two ways of naming dims: '"
                        + notAPosition + "' names a dim of " + dims + " but is not a position letter a.." + last
                        + ", and '" + notADim + "' is a position letter but not a dim of " + dims
                        + "; name every dim by its letter or every dim by its position");
            }
        }

        int[] order = new int[outer.length()];
        boolean[] seen = new boolean[rank];
        boolean[] blockedOuter = new boolean[rank];
        for (int i = 0; i < outer.length(); i++) {
            char ch = outer.charAt(i);
            int dim = dimOf(dims, tag, ch, byName);
            if (seen[dim]) {
                throw new IllegalArgumentException("format \"" + tag + "\" names dim " + dims.charAt(dim) + " twice");
            }
            seen[dim] = true;
            blockedOuter[dim] = Character.isUpperCase(ch);
            order[i] = dim;
        }
        for (int dim = 0; dim < rank; dim++) {
            if (!seen[dim]) {
                throw new IllegalArgumentException("format \"" + tag + "\" does not place dim " + dims.charAt(dim)
                        + " (it needs one letter for each of " + dims + ")");
            }
        }

        List<Block> blocks = new ArrayList<>();
        boolean[] hasBlock = new boolean[rank];
        int pos = split;
        while (pos < tag.length()) {
            int start = pos;
            while (pos < tag.length() && Character.isDigit(tag.charAt(pos))) {
                pos++;
            }
            if (pos == start || pos == tag.length() || !Character.isLetter(tag.charAt(pos))) {
                throw new IllegalArgumentException("format \"" + tag + "\": expected an inner block such as 8c at \""
                        + tag.substring(start) + "\"");
            }
            char ch = tag.charAt(pos);
            if (!Character.isLowerCase(ch)) {
                throw new IllegalArgumentException("format \"" + tag + "\": the block letter in \""
                        + tag.substring(start, pos + 1) + "\" must be lower case");
            }
            int dim = dimOf(dims, tag, ch, byName);
            if (!blockedOuter[dim]) {
                throw new IllegalArgumentException("format \"" + tag + "\": dim " + dims.charAt(dim)
                        + " has the inner block " + tag.substring(start, pos + 1)
                        + " but its outer letter is lower case (write it upper case, as in nChw8c)");
            }
            long size;
            try {
                size = Long.parseLong(tag.substring(start, pos));
            } catch (NumberFormatException e) {
                size = Long.MAX_VALUE;
            }
            if (size < 2 || size > TensorLayout.MAX_BUFFER) {
                throw new IllegalArgumentException("format \"" + tag + "\": block " + tag.substring(start, pos + 1)
                        + " of dim " + dims.charAt(dim) + " must have a size from 2 to " + TensorLayout.MAX_BUFFER);
            }
            blocks.add(new Block(dim, (int) size));
            hasBlock[dim] = true;
            pos++;
        }
        for (int dim = 0; dim < rank; dim++) {
            if (blockedOuter[dim] && !hasBlock[dim]) {
                throw new IllegalArgumentException("format \"" + tag + "\": dim " + dims.charAt(dim)
                        + " is upper case (blocked) but has no inner block such as 8" + Character.toLowerCase(dims.charAt(dim)));
            }
        }
        return new FormatTag(tag, order, List.copyOf(blocks));
    }

    private static String letters(String tag) {
        StringBuilder sb = new StringBuilder();
        for (char ch : tag.toCharArray()) {
            if (Character.isLetter(ch)) {
                sb.append(ch);
            }
        }
        return sb.toString();
    }

    private static int dimOf(String dims, String tag, char ch, boolean byName) {
        // parse() has checked that every letter resolves one way or the other.
        return byName ? dims.indexOf(Character.toUpperCase(ch)) : Character.toLowerCase(ch) - 'a';
    }
}
