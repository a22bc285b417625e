package dev.strider.processor.validation;

import java.util.Locale;
import javax.tools.Diagnostic;

/**
 * Every message the processor prints: a tag, a kind and a format string. Printed as
 * {@code [Tag] text}; the tag is what users search for and what tests assert.
 *
 * <p>Messages whose format is just {@code %s} carry the runtime's own text (a layout or slice
 * error from {@code dev.strider.layout}, a shape error from {@code dev.strider.kernel.Checks}): the
 * processor checks declarations with the very code the generic kernels run, and says what they
 * would say.
 */
public enum Message {

    // ------------------------------------------------------------------ @Layout (the runtime's text)

    /** {@code dims "NCHWX1" ... is not a letter}, wrong rank, a dim named twice. On {@code dims}. */
    LAYOUT_DIMS("StriderLayoutDims", "%s"),
    /**
     * {@code size of dim C is 0; sizes must be at least 1}, wrong count, a buffer (packed, or padded
     * by a well-formed format) larger than a Java array can index. On {@code sizes}.
     */
    LAYOUT_SIZES("StriderLayoutSizes", "%s"),
    /** A malformed or inconsistent format tag, or one whose inner blocks alone are too large. On {@code format}. */
    LAYOUT_FORMAT("StriderLayoutFormat", "%s"),
    /** A negative layout stride, wrong count, too large a buffer. On {@code strides}. */
    LAYOUT_STRIDES("StriderLayoutStrides", "%s"),
    /** {@code give format "nhwc" or strides [..], not both}. On {@code strides}. */
    LAYOUT_FORMAT_AND_STRIDES("StriderLayoutFormatAndStrides", "%s"),
    /** A negative base offset, or one that makes the buffer too large. On {@code offset}. */
    LAYOUT_OFFSET("StriderLayoutOffset", "%s"),
    /**
     * {@code @Layout} on a class, enum, record or annotation type, used by a kernel or not. On the
     * type's {@code @Layout}.
     */
    LAYOUT_NOT_INTERFACE("StriderLayoutNotInterface",
            "@Layout applies to interfaces that name a layout, but %s is %s; declare it as @Layout(...) interface %s {}"),
    /** A class literal naming a type without {@code @Layout}. On that class literal. */
    NOT_A_LAYOUT("StriderNotALayout", "%s is not annotated with @Layout"),

    // ------------------------------------------------------------------ the @Kernels type

    KERNELS_NOT_INTERFACE("StriderKernelsNotInterface", "@Kernels applies to interfaces, but %s is %s"),
    KERNELS_NOT_IMPLEMENTABLE("StriderKernelsNotImplementable",
            "@Kernels interface %s cannot be implemented by a generated class: %s"),
    INHERITED_METHOD("StriderInheritedMethod",
            "@Kernels interface %s inherits abstract method %s from %s; declare every kernel method in the"
                    + " @Kernels interface itself"),

    // ------------------------------------------------------------------ kernel methods

    MISSING_KERNEL("StriderMissingKernel",
            "method %s has no kernel annotation; give it one of @Reorder, @Slice, @Fill, @Unary or @Binary,"
                    + " or a default body"),
    MULTIPLE_KERNELS("StriderMultipleKernels", "method %s has %s; give it exactly one kernel annotation"),
    KERNEL_NOT_ABSTRACT("StriderKernelNotAbstract",
            "@%s on %s method %s has no effect: only abstract methods are generated"),
    RETURN_TYPE("StriderReturnType", "method %s returns %s; kernel methods return void"),
    GENERIC_METHOD("StriderGenericMethod", "method %s declares type parameters %s; kernel methods must not be generic"),
    PARAMETER_COUNT("StriderParameterCount", "@%s method %s has %s, but @%s takes %d: void %s%s"),
    PARAMETER_TYPE("StriderParameterType", "parameter %s of %s has type %s; it must be %s"),
    /** A {@code ByteBuffer} or {@code MemorySegment} parameter without {@code @Elements}. On the parameter. */
    ELEMENTS_MISSING("StriderElementsMissing",
            "parameter %s of %s is a %s, which does not say what its elements are; declare it @Elements(float.class) %s %s"
                    + " (or double, long, int, short, byte)"),
    /** {@code @Elements} naming no element type ({@code char.class}, {@code String.class}). On its value. */
    ELEMENTS_TYPE("StriderElementsType",
            "@Elements(%s) on parameter %s of %s names no element type; it must be double.class, float.class,"
                    + " long.class, int.class, short.class or byte.class, or Bf16.class, F16.class, F8E5m2.class or"
                    + " F8E4m3.class"),
    /** {@code @Elements} on an array, a value, or a typed buffer of another type. On its value. */
    ELEMENTS_MISPLACED("StriderElementsMisplaced", "@Elements(%s) on parameter %s of %s: %s"),
    /**
     * A {@code ByteBuffer} parameter whose layout needs more bytes than a {@code ByteBuffer} holds
     * (its elements are wider than a byte). On the parameter.
     */
    BYTE_BUFFER_CAPACITY("StriderByteBufferCapacity",
            "parameter %s of %s is a ByteBuffer of %s elements whose layout needs %d bytes, more than a ByteBuffer"
                    + " holds (%d); take a %s or a MemorySegment"),
    /** A {@code MemorySegment} parameter in a compilation for Java 21 or earlier. On the parameter. */
    SEGMENT_RELEASE("StriderSegmentRelease",
            "parameter %s of %s is a MemorySegment, whose API is final from Java 22: compile with --release 22 or later"
                    + " (this compilation targets Java %s), or take a ByteBuffer"),
    /**
     * VECTOR runs a method's scalar nest: compiled for Java 17 to 21, the Vector API loads no vectors
     * from one of its buffers that every later JDK has. A note: the method works, on every target.
     * On the parameter.
     */
    VECTOR_MEMORY("StriderVectorMemory",
            "VECTOR runs %s element by element: compiled for Java %s, the Vector API loads no vectors from a %s (%s)"
                    + " that every later JDK can run (Java 20 removed fromByteBuffer); compiled for Java 22 or later it"
                    + " loads them from every buffer and segment",
            Diagnostic.Kind.NOTE),
    /** A bf16, f16 or f8 parameter of a unary or binary op, which computes on the storage's own numbers. On the parameter. */
    HALF_ARITHMETIC("StriderHalfArithmetic",
            "parameter %s of %s holds %s numbers, but @%s computes on Java's own types; reorder them to float first"
                    + " (only @Reorder and @Slice take bf16, f16 and f8)"),
    /** A packed 4-bit parameter (s4, u4, f4) of a method other than a reorder. On the parameter. */
    PACKED_OPERATION("StriderPackedOperation",
            "parameter %s of %s holds %s numbers, 4 bits each, two to a byte, which only @Reorder reads and writes;"
                    + " @%s does not take them"),
    ELEMENT_TYPE_MISMATCH("StriderElementTypeMismatch",
            "parameter %s of %s is %s but %s is %s; @%s needs one element type (only @Reorder converts)"),
    /** {@code @Scale} or {@code @ZeroPoint} on a parameter of another kernel than a reorder. On the annotation. */
    QUANTIZATION_KERNEL("StriderQuantizationKernel",
            "@%s on parameter %s of %s: only a @Reorder takes scales, zero points and compensations (this is a @%s)"),
    /** {@code @Scale} or {@code @ZeroPoint} on a reorder's src or dst. On the annotation. */
    QUANTIZATION_PLACE("StriderQuantizationPlace",
            "@%s on parameter %s of %s, which is the reorder's %s; scales, zero points and compensations are"
                    + " parameters of their own, after src and dst"),
    /** A reorder parameter after src and dst with neither annotation. On the parameter. */
    QUANTIZATION_MISSING("StriderQuantizationMissing",
            "parameter %s of %s follows src and dst, so it must be a scale, a zero point or a compensation: annotate"
                    + " it @Scale(Side.SRC) or @ZeroPoint(Side.DST) (or Side.SRC, Side.DST) or"
                    + " @Compensation(Compensation.Kind.S8S8), or remove it"),
    /** A scale or zero point of a type that cannot hold it. On the parameter. */
    QUANTIZATION_TYPE("StriderQuantizationType", "parameter %s of %s is %s, but a %s %s"),
    /** {@code per} naming letters that are not the layouts' dims, in order (a scale's, zero point's or compensation's). On {@code per}. */
    QUANTIZATION_PER("StriderQuantizationPer", "per = \"%s\" on parameter %s of %s: %s"),
    /** {@code groups} not one per letter of {@code per}, or a group that does not divide its dim. On {@code groups}. */
    QUANTIZATION_GROUPS("StriderQuantizationGroups", "groups = %s on parameter %s of %s: %s"),
    /** A side's scale or zero point given twice (two parameters, or a parameter and scale/shift). On the second. */
    QUANTIZATION_TWICE("StriderQuantizationTwice", "parameter %s of %s gives the %s again: %s already does"),
    /** A zero point (or a shift) with the sum post-op and run-time parameters. On the parameter. */
    QUANTIZATION_SUM("StriderQuantizationSum",
            "%s of %s cannot go with sum = %s: benchdnn runs no zero point with the sum post-op, and oneDNN's"
                    + " implementations differ there"),
    /** A compensation of a type other than {@code int[]}. On the parameter. */
    COMPENSATION_TYPE("StriderCompensationType",
            "parameter %s of %s is %s, but a compensation is an int[]: oneDNN's int32 sums, one per index of per"),
    /** A compensation on a reorder whose destination is not signed bytes. On the annotation. */
    COMPENSATION_DESTINATION("StriderCompensationDestination",
            "parameter %s of %s is a compensation, which goes with s8 weights, but the destination %s is %s:"
                    + " declare byte elements (a byte[], or a ByteBuffer or MemorySegment with"
                    + " @Elements(byte.class)), written signed"),
    /** {@code @Compensation} with {@code @Scale} or {@code @ZeroPoint} on one parameter. On the other annotation. */
    COMPENSATION_ROLE("StriderCompensationRole",
            "parameter %s of %s carries @Compensation and @%s: a compensation is an output of its own; give the"
                    + " %s a parameter of its own"),
    /** One kind of compensation given twice. On the second. */
    COMPENSATION_TWICE("StriderCompensationTwice",
            "parameter %s of %s writes the %s compensation again: %s already does"),
    /** A scale or zero point after a compensation. On its annotation. */
    COMPENSATION_PLACE("StriderCompensationPlace",
            "@%s on parameter %s of %s follows the compensation %s: scales and zero points come first, the"
                    + " compensations last"),
    UNSIGNED_SOURCE("StriderUnsignedSource",
            "unsignedSource = true needs a byte, short or int source, but %s is %s"),
    UNSIGNED_DESTINATION("StriderUnsignedDestination",
            "unsignedDestination = true needs a byte or short destination, but %s is %s"),
    /** {@code rounding} or {@code overflow} named on a floating-point destination. On that value. */
    NARROWING_UNUSED("StriderNarrowingUnused",
            "%s applies to a long, int, short, byte, s4 or u4 destination, but %s is %s; a floating-point destination"
                    + " rounds to nearest and overflows to infinity, as Java's casts do (bf16, f16, f8 and f4 as oneDNN"
                    + " rounds them; f8 e4m3 overflows to its NaN)"),
    /**
     * A converting reorder that can round or saturate without saying so. A note, not a warning:
     * it changes nothing, and -Werror builds go on. On the method's {@code @Reorder}.
     */
    NARROWING("StriderNarrowing", "%s converts %s: it %s; say so with %s to silence this note",
            Diagnostic.Kind.NOTE),
    SCALE_SHIFT_UNUSED("StriderScaleShiftUnused", "%s applies to op SCALE_SHIFT only, but op is %s"),
    NON_FINITE("StriderNonFinite", "%s is %s; scale and shift must be finite"),

    // ------------------------------------------------------------------ operands (the runtime's text)

    /** {@code Checks.sameShape} between {@code from} and {@code to}. On {@code to}. */
    REORDER_SHAPE("StriderReorderShape", "%s"),
    /** {@code Checks.sameShape} between {@code in} and {@code out}. On {@code out}. */
    UNARY_SHAPE("StriderUnaryShape", "%s"),
    /** {@code Checks.broadcastable} of {@code a} or {@code b} to {@code out}. On the operand. */
    BINARY_BROADCAST("StriderBinaryBroadcast", "%s"),
    /** {@code to layout Broadcast cannot be written}; for {@code @Fill}, whose member is {@code layout}: {@code layout Broadcast}. */
    OVERLAPPING_OUTPUT("StriderOverlappingOutput",
            "%s cannot be written: %s; only layouts that are read may overlap"),

    // ------------------------------------------------------------------ @Slice (the runtime's text)

    /** {@code slice strides [1, 1] has 2 values but dims NCHW has 4}. On that value. */
    SLICE_RANK("StriderSliceRank", "%s"),
    /** {@code slice stride of dim W is 0; slice strides must not be 0}. On {@code strides}. */
    SLICE_STRIDE("StriderSliceStride", "%s"),
    /** A negative offset, an empty window, a window past the input. On {@code offsets} or {@code sizes}. */
    SLICE_WINDOW("StriderSliceWindow", "%s"),
    /** {@code output size of dim W is 9; the window (size 5, stride 2) allows 1..3}. On {@code outputSizes}. */
    SLICE_OUTPUT_SIZE("StriderSliceOutputSize", "%s"),
    /** {@code Checks.sliceFits}: an explicit {@code to} layout of other sizes. On {@code to}. */
    SLICE_OUTPUT("StriderSliceOutput", "to %s does not fit the slice: %s"),

    // ------------------------------------------------------------------ targets

    VECTOR_MODULE("StriderVectorModule",
            "target VECTOR needs the module jdk.incubator.vector, which this compilation cannot read; compile"
                    + " with --add-modules jdk.incubator.vector to enable it (until then %s serves it)",
            Diagnostic.Kind.NOTE),

    // ------------------------------------------------------------------ the processor itself

    UNRESOLVED("StriderUnresolved",
            "%s names a type or value that could not be resolved; %s is not generated"),
    BAD_OPTION("StriderOption", "option -A%s has value %s; %s"),
    WRITE_FAILED("StriderWriteFailed", "could not write %s: %s"),
    /** The kernels are written; only their report is missing, so the build goes on. */
    REPORT_FAILED("StriderReportFailed",
            "could not write the layout report %s: %s; the kernels are generated (-Astrider.report=false turns"
                    + " the report off)", Diagnostic.Kind.WARNING),
    INTERNAL_ERROR("StriderInternalError", "internal error while processing %s: %s; please report it%s");

    private final String tag;
    private final String format;
    private final Diagnostic.Kind kind;

    Message(String tag, String format) {
        this(tag, format, Diagnostic.Kind.ERROR);
    }

    Message(String tag, String format, Diagnostic.Kind kind) {
        this.tag = tag;
        this.format = format;
        this.kind = kind;
    }

    /** The tag, without brackets: {@code StriderSliceStride}. */
    public String tag() {
        return tag;
    }

    /** The format string, without the tag. */
    public String formatString() {
        return format;
    }

    public Diagnostic.Kind kind() {
        return kind;
    }

    /** {@code [Tag] text}. */
    public String format(Object... args) {
        return "[" + tag + "] " + String.format(Locale.ROOT, format, args);
    }
}
