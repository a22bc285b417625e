package dev.strider.examples.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * One reorder problem as benchdnn's reorder driver builds it ({@code reorder::prb_t}): dims, data
 * types, tags (normalized, so {@code abx}, {@code nchw} and {@code abcd} on 4 dims are one tag),
 * attributes, output flags, engine and run-time dims. Two cases are equal when benchdnn would
 * run the same problem; a problem's name ({@code _n"..."}) and implementation filters
 * ({@code --skip-impl}) are not part of it.
 *
 * @param dims           logical dims, outermost first
 * @param sdt            source data type
 * @param ddt            destination data type
 * @param stag           source tag, normalized ({@link Tags#normalize})
 * @param dtag           destination tag, normalized
 * @param attributes     scales, zero points, post-ops, rounding
 * @param flags          {@code --oflag} entries (compensation), empty for none
 * @param engine         {@code cpu} or {@code gpu} ({@code --engine}), or the cross-engine kind
 *                       {@code cpu2gpu}, {@code gpu2cpu} when {@code --cross-engine} names one
 * @param runtimeDimMask {@code --runtime-dim-mask}: bit d set makes dim d a run-time dim
 */
public record ReorderCase(List<Long> dims, DataType sdt, DataType ddt, String stag, String dtag,
                          Attributes attributes, List<Flag> flags, String engine, int runtimeDimMask) {

    public ReorderCase {
        dims = List.copyOf(dims);
        flags = List.copyOf(flags);
    }

    /** An {@code --oflag} entry {@code FLAG:MASK}: {@code s8s8_comp} or {@code zp_comp} along the dims of {@code mask}. */
    public record Flag(String flag, int mask) {
        static Flag of(String s) {
            String[] f = s.split(":", -1);
            String name = f[0].toLowerCase(Locale.ROOT);
            if (!name.equals("s8s8_comp") && !name.equals("zp_comp")) {
                throw new IllegalArgumentException("unknown flag \"" + f[0] + "\" (s8s8_comp, zp_comp)");
            }
            if (f.length != 2) {
                throw new IllegalArgumentException("flag \"" + s + "\" needs FLAG:MASK");
            }
            int mask;
            try {
                mask = Integer.parseInt(f[1]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("mask of flag \"" + s + "\" is not an integer");
            }
            if (mask < 0) {
                throw new IllegalArgumentException("mask of flag \"" + s + "\" is negative");
            }
            return new Flag(name, mask);
        }

        /** The compensation it asks for: {@code s8s8_comp} is {@link dev.strider.Compensation.Kind#S8S8}. */
        public dev.strider.Compensation.Kind kind() {
            for (dev.strider.Compensation.Kind k : dev.strider.Compensation.Kind.values()) {
                if (k.flag().equals(flag)) {
                    return k;
                }
            }
            throw new IllegalStateException("no compensation is named " + flag);
        }

        @Override
        public String toString() {
            return flag + ":" + mask;
        }
    }

    /** The number of dims. */
    public int ndims() {
        return dims.size();
    }

    /** Runs across two engines ({@code --cross-engine}): needs a GPU. */
    public boolean crossEngine() {
        return engine.equals("cpu2gpu") || engine.equals("gpu2cpu");
    }

    /** Runs on a CPU engine alone. */
    public boolean onCpu() {
        return engine.equals("cpu");
    }

    /** Some dims are {@code DNNL_RUNTIME_DIM_VAL}, known only at execution ({@code --runtime-dim-mask}). */
    public boolean runtimeDims() {
        return (runtimeDimMask & ((1 << Math.min(ndims(), 31)) - 1)) != 0;
    }

    /**
     * Why benchdnn's {@code reorder::skip_invalid_prb} skips this case as invalid, if it does: a
     * destination zero point with a sum post-op, or a zero point on a non-integral data type.
     * (Its first rule, a cross-engine case in a build with one runtime, depends on the build.)
     */
    public Optional<String> invalid() {
        if (attributes.zeroPoint(Attributes.Arg.DST).isPresent() && !attributes.postOps().isEmpty()) {
            return Optional.of("zero points can't be used with the sum post-op");
        }
        boolean srcOk = sdt.integral() || attributes.zeroPoint(Attributes.Arg.SRC).isEmpty();
        boolean dstOk = ddt.integral() || attributes.zeroPoint(Attributes.Arg.DST).isEmpty();
        if (!srcOk || !dstOk) {
            return Optional.of("non-integral data types don't take zero points");
        }
        return Optional.empty();
    }

    /** On a CPU, every dim fixed, and not skipped as invalid: the cases Strider is measured against. */
    public boolean cpuFixedDims() {
        return onCpu() && !runtimeDims() && invalid().isEmpty();
    }

    /** The benchdnn command line options that run this case ({@code --sdt=f32 --ddt=s8 ... 2x64x3x3}). */
    public String repro() {
        List<String> out = new ArrayList<>();
        out.add("--sdt=" + sdt);
        out.add("--ddt=" + ddt);
        out.add("--stag=" + stag);
        out.add("--dtag=" + dtag);
        if (!flags.isEmpty()) {
            StringBuilder sb = new StringBuilder();
            for (Flag f : flags) {
                sb.append(sb.length() == 0 ? "" : "+").append(f);
            }
            out.add("--oflag=" + sb);
        }
        if (crossEngine()) {
            out.add("--cross-engine=" + engine);
        } else if (!onCpu()) {
            out.add(0, "--engine=" + engine);
        }
        if (runtimeDimMask != 0) {
            out.add("--runtime-dim-mask=" + runtimeDimMask);
        }
        String attrs = attributes.options();
        if (!attrs.isEmpty()) {
            out.add(attrs);
        }
        out.add(Attributes.dims(dims));
        return String.join(" ", out);
    }

    @Override
    public String toString() {
        return repro();
    }
}
