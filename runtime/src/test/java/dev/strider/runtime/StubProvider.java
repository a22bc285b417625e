package dev.strider.runtime;

import dev.strider.Target;
import java.util.List;
import java.util.function.Supplier;

/** A provider built in a test, not registered as a service: for the policy and selection on made-up devices. */
final class StubProvider extends ServiceProvider {

    /** The kernel set of stub providers: each instance names the class it stands for. */
    interface StubOps {
        String name();
    }

    private StubProvider(Target target, int bits, String className, Supplier<Object> create) {
        super(StubOps.class, target, bits, className, create, List.of());
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
        return new StubProvider(target(), vectorBits(), className(), create);
    }

    @Override
    public String toString() {
        return className();
    }
}
