package dev.strider.runtime;

import java.util.concurrent.atomic.AtomicInteger;

/** A kernel set loaded only by the concurrency test, so that its first load is the one raced. */
public interface RaceOps {

    int twice(int x);

    final class Scalar implements RaceOps {
        static final AtomicInteger CREATED = new AtomicInteger();

        @Override
        public int twice(int x) {
            return 2 * x;
        }

        public static final class Provider implements KernelProvider {
            @Override
            public Class<?> kernelSet() {
                return RaceOps.class;
            }

            @Override
            public Target target() {
                return Target.SCALAR;
            }

            @Override
            public String className() {
                return "dev.strider.runtime.RaceOps$Scalar";
            }

            @Override
            public Object create() {
                CREATED.incrementAndGet();
                return new Scalar();
            }
        }
    }
}
