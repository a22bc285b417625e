package dev.strider.runtime;

import java.util.function.Supplier;

/** A provider built in a test, not registered as a service: for the policy and selection on made-up devices. */
final class StubProvider implements KernelProvider {

    /** The kernel set of stub providers: each instance names the class it stands for. */
    interface StubOps {
        String name();
    }

    private final Target target;
    private final int bits;
    private final String className;
    private final Supplier<Object> create;

    private StubProvider(Target target, int bits, String className, Supplier<Object> create) {
        this.target = target;
        this.bits = bits;
        this.className = className;
        this.create = create;
    }

    static StubProvider scalar() {
        return of(Target.SCALAR, 0, "Stub_Scalar");
    }

    static StubProvider vector(int bits) {
        return of(Target.VECTOR, bits, "Stub_Vector" + bits);
    }

    static StubProvider threads() {
        return of(Target.THREADS, 0, "Stub_Threads");
    }

    private static StubProvider of(Target target, int bits, String className) {
        return new StubProvider(target, bits, className, () -> (StubOps) () -> className);
    }

    /** The same provider, whose {@code create()} runs {@code create} instead. */
    StubProvider creating(Supplier<Object> create) {
        return new StubProvider(target, bits, className, create);
    }

    @Override
    public Class<?> kernelSet() {
        return StubOps.class;
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
    public String toString() {
        return className;
    }
}
