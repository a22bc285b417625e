package dev.strider.runtime;

import dev.strider.Target;
/**
 * What a caller of {@link KernelLoader} asks for: the best target, the best target that runs in the
 * calling thread (what a THREADS class runs per chunk), or one forced target.
 */
enum Request {
    BEST(null, "the best target"),
    ONE_THREAD(null, "the best target that runs in the calling thread (VECTOR or SCALAR)"),
    SCALAR(Target.SCALAR, "forced target SCALAR"),
    VECTOR(Target.VECTOR, "forced target VECTOR"),
    THREADS(Target.THREADS, "forced target THREADS");

    private final Target forced;
    private final String description;

    Request(Target forced, String description) {
        this.forced = forced;
        this.description = description;
    }

    static Request forced(Target target) {
        return valueOf(target.name());
    }

    /** The forced target, or null for {@link #BEST} and {@link #ONE_THREAD}. */
    Target forcedTarget() {
        return forced;
    }

    String description() {
        return description;
    }
}
