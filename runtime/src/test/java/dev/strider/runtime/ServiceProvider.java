package dev.strider.runtime;

import dev.strider.Target;
import java.util.List;
import java.util.function.Supplier;

/**
 * The shape of a generated {@code Provider}, for the test kernel sets: those registered as
 * services are public subclasses with a no-argument constructor, as ServiceLoader needs;
 * {@link StubProvider} builds them in tests.
 */
public abstract class ServiceProvider implements KernelProvider {

    private final Class<?> kernelSet;
    private final Target target;
    private final int bits;
    private final String className;
    private final Supplier<Object> create;
    private final List<GeneratedReorder> reorders;

    protected ServiceProvider(Class<?> kernelSet, Target target, int bits, String className, Supplier<Object> create,
                              List<GeneratedReorder> reorders) {
        this.kernelSet = kernelSet;
        this.target = target;
        this.bits = bits;
        this.className = className;
        this.create = create;
        this.reorders = reorders;
    }

    @Override
    public Class<?> kernelSet() {
        return kernelSet;
    }

    @Override
    public Target target() {
        return target;
    }

    @Override
    public int vectorBits() {
        return bits;
    }

    @Override
    public String className() {
        return className;
    }

    @Override
    public Object create() {
        return create.get();
    }

    @Override
    public List<GeneratedReorder> reorders() {
        return reorders;
    }
}
