package dev.strider.runtime;

import dev.strider.Target;
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

        public static final class Provider extends ServiceProvider {
            public Provider() {
                super(RaceOps.class, Target.SCALAR, 0, "dev.strider.runtime.RaceOps$Scalar", () -> {
                    CREATED.incrementAndGet();
                    return new Scalar();
                }, java.util.List.of());
            }
        }
    }
}
