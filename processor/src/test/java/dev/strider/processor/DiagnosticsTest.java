package dev.strider.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.strider.processor.Source.compile;

import com.google.testing.compile.Compilation;
import dev.strider.processor.model.JavaApis;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * One test per diagnostic of the catalogue ({@code dev.strider.processor.validation.Message}): the
 * exact text, and the line and column it points at (the annotation value at fault).
 */
class DiagnosticsTest {

    // ================================================================== @Layout

    @Nested
    class Layouts {

        private Source withLayout(String layout) {
            return Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Fill(layout = Bad.class)",
                    "  void fill(float[] dst, float value);",
                    "}",
                    layout + " interface Bad {}");
        }

        @Test
        void dimsNotALetter() {
            Source s = withLayout("@Layout(dims = \"NC1W\", sizes = {1, 3, 4, 5})");
            s.assertOnlyError(compile(s),
                    "[StriderLayoutDims] dims \"NC1W\": '1' is not a letter; each dim is named by one letter A-Z",
                    "@Layout(dims = |\"NC1W\"");
        }

        @Test
        void dimsRank() {
            Source s = withLayout("@Layout(dims = \"ABCDEFGHI\", sizes = {1, 1, 1, 1, 1, 1, 1, 1, 1})");
            s.assertOnlyError(compile(s),
                    "[StriderLayoutDims] dims \"ABCDEFGHI\" has rank 9; the rank must be from 1 to 8",
                    "@Layout(dims = |\"ABCDEFGHI\"");
        }

        @Test
        void sizeZero() {
            Source s = withLayout("@Layout(dims = \"NCHW\", sizes = {1, 0, 4, 5})");
            s.assertOnlyError(compile(s), "[StriderLayoutSizes] size of dim C is 0; sizes must be at least 1",
                    "sizes = {1, |0, 4, 5}");
        }

        @Test
        void sizeZeroOfTheLastDim() {
            Source s = withLayout("@Layout(dims = \"NCHW\", sizes = {1, 3, 4, 0})");
            s.assertOnlyError(compile(s), "[StriderLayoutSizes] size of dim W is 0; sizes must be at least 1",
                    "sizes = {1, 3, 4, |0}");
        }

        @Test
        void sizeOfAOneDimLayoutWrittenWithoutBraces() {
            Source s = withLayout("@Layout(dims = \"W\", sizes = -2)");
            s.assertOnlyError(compile(s), "[StriderLayoutSizes] size of dim W is -2; sizes must be at least 1",
                    "sizes = |-2");
        }

        @Test
        void sizeNotAConstant() {
            Source s = withLayout("@Layout(dims = \"NCHW\", sizes = {1, 3, Missing.SIZE, 5})");
            Compilation c = compile(s);
            assertThat(c).hadErrorContaining("cannot find symbol");
            s.assertError(c, "[StriderUnresolved] the sizes value of @Layout on test.Bad names a type or value that"
                    + " could not be resolved; Ops_Scalar is not generated", "sizes = {1, 3, Missing|.SIZE, 5}");
            assertThat(c).hadErrorCount(2);
        }

        @Test
        void sizesCount() {
            Source s = withLayout("@Layout(dims = \"NCHW\", sizes = {3, 4, 5})");
            s.assertOnlyError(compile(s),
                    "[StriderLayoutSizes] sizes [3, 4, 5] has 3 values but dims NCHW has 4",
                    "sizes = |{3, 4, 5}");
        }

        @Test
        void bufferTooLarge() {
            Source s = withLayout("@Layout(dims = \"HW\", sizes = {65536, 65536})");
            s.assertOnlyError(compile(s),
                    "[StriderLayoutSizes] layout HW sizes [65536, 65536] needs a buffer of 4294967296 elements,"
                            + " more than a Java array can index (2147483639)",
                    "sizes = |{65536, 65536}");
        }

        @Test
        void formatPadsTheBufferTooLarge() {
            // packed, the sizes fit an array; the well-formed tag pads W to 2^31 - 8: the sizes are at fault
            Source s = withLayout("@Layout(dims = \"NW\", sizes = {1, 2147483633}, format = \"nW8w\")");
            s.assertOnlyError(compile(s),
                    "[StriderLayoutSizes] layout NW sizes [1, 2147483633] in format \"nW8w\" needs a buffer of"
                            + " 2147483640 elements, more than a Java array can index (2147483639)",
                    "sizes = |{1, 2147483633}");
        }

        @Test
        void formatBlocksTooLarge() {
            // the inner blocks alone hold 2^32 elements, whatever the sizes: the tag is at fault
            Source s = withLayout("@Layout(dims = \"NW\", sizes = {1, 2}, format = \"NW65536n65536w\")");
            s.assertOnlyError(compile(s),
                    "[StriderLayoutFormat] format \"NW65536n65536w\": its inner blocks hold 4294967296 elements,"
                            + " more than a Java array can index",
                    "format = |\"NW65536n65536w\"");
        }

        @Test
        void formatTag() {
            Source s = withLayout("@Layout(dims = \"NCHW\", sizes = {1, 3, 4, 5}, format = \"nhw\")");
            s.assertOnlyError(compile(s),
                    "[StriderLayoutFormat] format \"nhw\" does not place dim C (it needs one letter for each of NCHW)",
                    "format = |\"nhw\"");
        }

        @Test
        void formatMixesDimNamesAndPositions() {
            Source s = withLayout("@Layout(dims = \"NCHW\", sizes = {1, 3, 4, 5}, format = \"nhwd\")");
            s.assertOnlyError(compile(s),
                    "[StriderLayoutFormat] format \"nhwd\" mixes the two ways of naming dims: 'n' names a dim of NCHW"
                            + " but is not a position letter a..d, and 'd' is a position letter but not a dim of NCHW;"
                            + " name every dim by its letter or every dim by its position",
                    "format = |\"nhwd\"");
        }

        @Test
        void formatLetterOfNeitherKind() {
            Source s = withLayout("@Layout(dims = \"NCHW\", sizes = {1, 3, 4, 5}, format = \"abce\")");
            s.assertOnlyError(compile(s),
                    "[StriderLayoutFormat] format \"abce\": 'e' is neither a dim of NCHW nor a position letter a..d",
                    "format = |\"abce\"");
        }

        @Test
        void formatBlockWithoutUpperCase() {
            Source s = withLayout("@Layout(dims = \"NCHW\", sizes = {1, 3, 4, 5}, format = \"nchw8c\")");
            s.assertOnlyError(compile(s),
                    "[StriderLayoutFormat] format \"nchw8c\": dim C has the inner block 8c but its outer letter is"
                            + " lower case (write it upper case, as in nChw8c)",
                    "format = |\"nchw8c\"");
        }

        @Test
        void negativeStride() {
            Source s = withLayout("@Layout(dims = \"HW\", sizes = {4, 5}, strides = {-5, 1})");
            s.assertOnlyError(compile(s),
                    "[StriderLayoutStrides] stride of dim H is -5; layout strides must not be negative"
                            + " (a slice with a negative stride reverses a dim)",
                    "strides = {|-5, 1}");
        }

        @Test
        void negativeStrideAmongOthers() {
            Source s = withLayout("@Layout(dims = \"NCHW\", sizes = {1, 3, 4, 5}, strides = {60, 20, -5, 1})");
            s.assertOnlyError(compile(s),
                    "[StriderLayoutStrides] stride of dim H is -5; layout strides must not be negative"
                            + " (a slice with a negative stride reverses a dim)",
                    "strides = {60, 20, |-5, 1}");
        }

        @Test
        void formatAndStrides() {
            Source s = withLayout("@Layout(dims = \"HW\", sizes = {4, 5}, format = \"wh\", strides = {5, 1})");
            s.assertOnlyError(compile(s),
                    "[StriderLayoutFormatAndStrides] give format \"wh\" or strides [5, 1], not both",
                    "strides = |{5, 1}");
        }

        @Test
        void negativeOffset() {
            Source s = withLayout("@Layout(dims = \"HW\", sizes = {4, 5}, offset = -1)");
            s.assertOnlyError(compile(s),
                    "[StriderLayoutOffset] offset is -1; the base offset must not be negative",
                    "offset = |-1");
        }

        @Test
        void offsetMakesTheBufferTooLarge() {
            Source s = withLayout("@Layout(dims = \"W\", sizes = 2147483639, offset = 1)");
            s.assertOnlyError(compile(s),
                    "[StriderLayoutOffset] layout W sizes [2147483639] needs a buffer of 2147483640 elements, more"
                            + " than a Java array can index (2147483639)",
                    "offset = |1");
        }

        @Test
        void layoutOnAClassNoKernelUses() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {}",
                    "@Layout(dims = \"HW\", sizes = {2, 3}) class OnAClass {}");
            s.assertOnlyError(compile(s),
                    "[StriderLayoutNotInterface] @Layout applies to interfaces that name a layout, but OnAClass is a"
                            + " class; declare it as @Layout(...) interface OnAClass {}",
                    "|@Layout(dims = \"HW\", sizes = {2, 3}) class");
        }

        @Test
        void layoutOnAnEnumARecordAndAnAnnotationType() {
            // no @Kernels in the file: the processor runs for @Layout alone
            Source s = Source.of("test.Shapes",
                    "package test;",
                    "import dev.strider.Layout;",
                    "@Layout(dims = \"HW\", sizes = {2, 3}) enum Shapes { ONE }",
                    "@Layout(dims = \"W\", sizes = 4) record Pair(int a, int b) {}",
                    "@Layout(dims = \"C\", sizes = 3) @interface Tagged {}");
            Compilation c = compile(s);
            s.assertError(c, "[StriderLayoutNotInterface] @Layout applies to interfaces that name a layout, but Shapes"
                    + " is an enum; declare it as @Layout(...) interface Shapes {}", "|@Layout(dims = \"HW\"");
            s.assertError(c, "[StriderLayoutNotInterface] @Layout applies to interfaces that name a layout, but Pair"
                    + " is a record; declare it as @Layout(...) interface Pair {}", "|@Layout(dims = \"W\"");
            s.assertError(c, "[StriderLayoutNotInterface] @Layout applies to interfaces that name a layout, but Tagged"
                    + " is an annotation type; declare it as @Layout(...) interface Tagged {}", "|@Layout(dims = \"C\"");
            assertThat(c).hadErrorCount(3);
        }

        @Test
        void layoutOnAClassAKernelUses() {
            // one error, on the @Layout: the method that names the class says nothing more
            Source s = withLayout("@Layout(dims = \"NCHW\", sizes = {1, 3, 4, 5})");
            Source onAClass = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Fill(layout = OnAClass.class)",
                    "  void fill(float[] dst, float value);",
                    "}",
                    "@Layout(dims = \"NCHW\", sizes = {1, 3, 4, 5}) abstract class OnAClass {}");
            onAClass.assertOnlyError(compile(onAClass),
                    "[StriderLayoutNotInterface] @Layout applies to interfaces that name a layout, but OnAClass is a"
                            + " class; declare it as @Layout(...) interface OnAClass {}",
                    "|@Layout(dims = \"NCHW\", sizes = {1, 3, 4, 5}) abstract class");
            // the same declaration on an interface compiles
            assertThat(compile(s)).succeededWithoutWarnings();
        }

        @Test
        void nestedInterfacesAreLayouts() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Reorder(from = Shapes.Rows.class, to = Shapes.Columns.class)",
                    "  void transpose(float[] src, float[] dst);",
                    "  @Layout(dims = \"HW\", sizes = {2, 3}) interface Unused {}",
                    "}",
                    "final class Shapes {",
                    "  @Layout(dims = \"HW\", sizes = {2, 3}) interface Rows {}",
                    "  @Layout(dims = \"HW\", sizes = {2, 3}, format = \"wh\") static interface Columns {}",
                    "}");
            assertThat(compile(s)).succeededWithoutWarnings();
        }

        @Test
        void notALayout() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Reorder(from = NotALayout.class, to = Planar.class)",
                    "  void copy(float[] src, float[] dst);",
                    "}");
            s.assertOnlyError(compile(s), "[StriderNotALayout] NotALayout is not annotated with @Layout",
                    "from = NotALayout|.class");
        }
    }

    // ================================================================== the @Kernels type

    @Nested
    class KernelsType {

        @Test
        void notAnInterface() {
            Source s = Source.ops(
                    "@Kernels",
                    "public abstract class Ops {",
                    "}");
            s.assertOnlyError(compile(s), "[StriderKernelsNotInterface] @Kernels applies to interfaces, but Ops is a class",
                    "|@Kernels");
        }

        @Test
        void notImplementable() {
            Source s = Source.ops(
                    "public class Ops {",
                    "  @Kernels private interface Inner<T> {}",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderKernelsNotImplementable] @Kernels interface Inner cannot be implemented by a generated"
                            + " class: it is private; it declares type parameters <T>",
                    "|@Kernels private");
        }

        @Test
        void inheritedMethod() {
            Source s = Source.ops(
                    "interface Base {",
                    "  void copy(float[] src, float[] dst);",
                    "}",
                    "@Kernels",
                    "public interface Ops extends Base {",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderInheritedMethod] @Kernels interface Ops inherits abstract method copy(float[],float[])"
                            + " from test.Base; declare every kernel method in the @Kernels interface itself",
                    "|@Kernels");
        }
    }

    // ================================================================== kernel methods

    @Nested
    class Methods {

        @Test
        void missingKernelAnnotation() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  void copy(float[] src, float[] dst);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderMissingKernel] method copy has no kernel annotation; give it one of @Reorder, @Slice,"
                            + " @Fill, @Unary or @Binary, or a default body",
                    "void |copy(");
        }

        @Test
        void multipleKernelAnnotations() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Reorder(from = Planar.class, to = Interleaved.class)",
                    "  @Unary(op = UnaryKind.NEG, in = Planar.class, out = Interleaved.class)",
                    "  void copy(float[] src, float[] dst);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderMultipleKernels] method copy has @Reorder and @Unary; give it exactly one kernel annotation",
                    "|@Unary(op = UnaryKind.NEG");
        }

        @Test
        void kernelOnDefaultMethod() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Fill(layout = Planar.class)",
                    "  default void fill(float[] dst, float value) {}",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderKernelNotAbstract] @Fill on default method fill has no effect: only abstract methods are"
                            + " generated",
                    "|@Fill(layout = Planar.class)");
        }

        @Test
        void returnType() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Fill(layout = Planar.class)",
                    "  int fill(float[] dst, float value);",
                    "}");
            s.assertOnlyError(compile(s), "[StriderReturnType] method fill returns int; kernel methods return void",
                    "int |fill(");
        }

        @Test
        void genericMethod() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Fill(layout = Planar.class)",
                    "  <T> void fill(float[] dst, float value);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderGenericMethod] method fill declares type parameters <T>; kernel methods must not be generic",
                    "<T> void |fill(");
        }

        @Test
        void parameterCount() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Reorder(from = Planar.class, to = Interleaved.class)",
                    "  void copy(float[] src);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderParameterCount] @Reorder method copy has 1 parameter, but @Reorder takes 2:"
                            + " void copy(S[] src, D[] dst)",
                    "void |copy(");
        }

        @Test
        void parameterMissing() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Fill(layout = Planar.class)",
                    "  void fill(float[] dst);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderParameterCount] @Fill method fill has 1 parameter, but @Fill takes 2:"
                            + " void fill(T[] dst, T value)",
                    "void |fill(");
        }

        @Test
        void parameterNotAnArrayOfTheSixTypes() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Reorder(from = Planar.class, to = Interleaved.class)",
                    "  void copy(Float[] src, float[] dst);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderParameterType] parameter src of copy has type java.lang.Float[]; it must be an array of"
                            + " double, float, long, int, short or byte",
                    "Float[] |src");
        }

        @Test
        void fillValueNotAPrimitive() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Fill(layout = Planar.class)",
                    "  void fill(boolean[] dst, Float value);",
                    "}");
            Compilation c = compile(s);
            s.assertError(c, "[StriderParameterType] parameter dst of fill has type boolean[]; it must be an array of"
                    + " double, float, long, int, short or byte", "boolean[] |dst");
            s.assertError(c, "[StriderParameterType] parameter value of fill has type java.lang.Float; it must be"
                    + " one of double, float, long, int, short or byte", "Float |value");
            assertThat(c).hadErrorCount(2);
        }

        @Test
        void elementTypeMismatch() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Unary(op = UnaryKind.RELU, in = Planar.class, out = Interleaved.class)",
                    "  void relu(float[] in, double[] out);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderElementTypeMismatch] parameter out of relu is double[] but in is float[]; @Unary needs"
                            + " one element type (only @Reorder converts)",
                    "double[] |out");
        }

        @Test
        void fillValueOfAnotherType() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Fill(layout = Planar.class)",
                    "  void fill(float[] dst, double value);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderElementTypeMismatch] parameter value of fill is double but dst is float[]; @Fill needs"
                            + " one element type (only @Reorder converts)",
                    "double |value");
        }

        @Test
        void unsignedSource() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Reorder(from = Planar.class, to = Interleaved.class, unsignedSource = true)",
                    "  void widen(float[] src, double[] dst);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderUnsignedSource] unsignedSource = true needs a byte, short or int source, but src is float[]",
                    "unsignedSource = |true");
        }

        @Test
        void scaleOnAnotherOp() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Unary(op = UnaryKind.RELU, in = Planar.class, out = Interleaved.class, scale = 2)",
                    "  void relu(float[] in, float[] out);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderScaleShiftUnused] scale applies to op SCALE_SHIFT only, but op is RELU",
                    "scale = |2");
        }

        @Test
        void nonFiniteScale() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Reorder(from = Planar.class, to = Interleaved.class, shift = Double.NaN)",
                    "  void convert(byte[] src, float[] dst);",
                    "}");
            s.assertOnlyError(compile(s), "[StriderNonFinite] shift is NaN; scale and shift must be finite",
                    "shift = Double|.NaN");
        }
    }

    // ================================================================== conversions said out loud

    @Nested
    class Conversions {

        private Source reorder(String annotation, String signature) {
            return Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  " + annotation,
                    "  " + signature,
                    "}");
        }

        @Test
        void narrowingWithoutRoundingAndOverflowIsANote() {
            Source s = reorder("@Reorder(from = Planar.class, to = Interleaved.class)",
                    "void toBytes(float[] src, byte[] dst);");
            // -Werror (with the build's lint): a note is not a warning, so a strict build goes on
            Compilation c = compile(new StriderProcessor(), java.util.List.of("-Xlint:all,-processing", "-Werror"), s);
            assertThat(c).succeededWithoutWarnings();
            s.assertNote(c, "[StriderNarrowing] toBytes converts float to byte: it rounds half to even and saturates"
                    + " to [-128, 127], NaN to -128; say so with rounding = Rounding.HALF_EVEN, overflow ="
                    + " Overflow.SATURATE to silence this note", "|@Reorder(from = Planar.class");
            assertThat(c).hadNoteCount(1);
        }

        /** s4 and u4 round and saturate as the integers do: the note says so, and the options silence it. */
        @Test
        void a4BitIntegerDestinationRoundsAndSaturates() {
            Source s = reorder("@Reorder(from = Planar.class, to = Interleaved.class)",
                    "void toS4(float[] src, @Elements(S4.class) byte[] dst);");
            Compilation c = compile(s);
            assertThat(c).succeededWithoutWarnings();
            s.assertNote(c, "[StriderNarrowing] toS4 converts float to s4: it rounds half to even and saturates"
                    + " to [-8, 7], NaN to 0; say so with rounding = Rounding.HALF_EVEN, overflow ="
                    + " Overflow.SATURATE to silence this note", "|@Reorder(from = Planar.class");
            Source said = reorder("@Reorder(from = Planar.class, to = Interleaved.class, rounding = Rounding.HALF_EVEN,"
                    + " overflow = Overflow.SATURATE)", "void toU4(float[] src, @Elements(U4.class) byte[] dst);");
            Compilation quiet = compile(said);
            assertThat(quiet).succeededWithoutWarnings();
            assertThat(quiet).hadNoteCount(0);
        }

        /** An s4 source is an integer: into s8 it changes no value (no note), into u4 it saturates without rounding. */
        @Test
        void a4BitIntegerSourceIsAnInteger() {
            Source s = reorder("@Reorder(from = Planar.class, to = Interleaved.class)",
                    "void widen(@Elements(S4.class) byte[] src, byte[] dst);");
            Compilation c = compile(s);
            assertThat(c).succeededWithoutWarnings();
            assertThat(c).hadNoteCount(0);
            Source u4 = reorder("@Reorder(from = Planar.class, to = Interleaved.class)",
                    "void toU4(@Elements(S4.class) byte[] src, @Elements(U4.class) byte[] dst);");
            Compilation narrowed = compile(u4);
            u4.assertNote(narrowed, "[StriderNarrowing] toU4 converts s4 to u4: it saturates to [0, 15]; say so with"
                    + " overflow = Overflow.SATURATE to silence this note", "|@Reorder(from = Planar.class");
        }

        @Test
        void theNoteStatesOneDnnsFloatBoundOfAnInt() {
            Source s = reorder("@Reorder(from = Planar.class, to = Interleaved.class, scale = 3)",
                    "void scaleInts(int[] src, int[] dst);");
            Compilation c = compile(s);
            assertThat(c).succeededWithoutWarnings();
            s.assertNote(c, "[StriderNarrowing] scaleInts converts int to int: it rounds half to even and saturates"
                    + " to [-2147483648, 2147483520]; say so with rounding = Rounding.HALF_EVEN, overflow ="
                    + " Overflow.SATURATE to silence this note", "|@Reorder(from = Planar.class");
        }

        @Test
        void namingRoundingAndOverflowSilencesTheNote() {
            Source s = reorder("@Reorder(from = Planar.class, to = Interleaved.class, rounding = Rounding.HALF_EVEN,"
                    + " overflow = Overflow.SATURATE)", "void toBytes(double[] src, short[] dst);");
            Compilation c = compile(s);
            assertThat(c).succeededWithoutWarnings();
            assertThat(c).hadNoteCount(0);
        }

        @Test
        void theNoteAsksOnlyForWhatIsUnsaid() {
            Source s = reorder("@Reorder(from = Planar.class, to = Interleaved.class, rounding = Rounding.HALF_EVEN)",
                    "void toBytes(float[] src, byte[] dst);");
            Compilation c = compile(s);
            assertThat(c).succeededWithoutWarnings();
            s.assertNote(c, "[StriderNarrowing] toBytes converts float to byte: it rounds half to even and saturates"
                    + " to [-128, 127], NaN to -128; say so with overflow = Overflow.SATURATE to silence this note",
                    "|@Reorder(from = Planar.class");
            assertThat(c).hadNoteCount(1);
        }

        @Test
        void aNarrowerIntegerSaturatesWithoutRounding() {
            Source s = reorder("@Reorder(from = Planar.class, to = Interleaved.class)",
                    "void narrow(int[] src, short[] dst);");
            Compilation c = compile(s);
            assertThat(c).succeededWithoutWarnings();
            s.assertNote(c, "[StriderNarrowing] narrow converts int to short: it saturates to [-32768, 32767]; say so"
                    + " with overflow = Overflow.SATURATE to silence this note", "|@Reorder(from = Planar.class");
            Source said = reorder("@Reorder(from = Planar.class, to = Interleaved.class, overflow = Overflow.SATURATE)",
                    "void narrow(int[] src, short[] dst);");
            Compilation silent = compile(said);
            assertThat(silent).succeededWithoutWarnings();
            assertThat(silent).hadNoteCount(0);
        }

        @Test
        void unsignedBytesToSignedBytesSaturate() {
            Source s = reorder("@Reorder(from = Planar.class, to = Interleaved.class, unsignedSource = true)",
                    "void recode(byte[] src, byte[] dst);");
            Compilation c = compile(s);
            assertThat(c).succeededWithoutWarnings();
            s.assertNote(c, "[StriderNarrowing] recode converts unsigned byte to byte: it saturates to [-128, 127];"
                    + " say so with overflow = Overflow.SATURATE to silence this note", "|@Reorder(from = Planar.class");
        }

        @Test
        void anUnsignedDestinationSaysItsRange() {
            Source s = reorder("@Reorder(from = Planar.class, to = Interleaved.class, unsignedDestination = true,"
                    + " scale = 127.5, shift = 127.5)", "void toPixels(float[] src, byte[] dst);");
            Compilation c = compile(s);
            assertThat(c).succeededWithoutWarnings();
            s.assertNote(c, "[StriderNarrowing] toPixels converts float to unsigned byte: it rounds half to even and"
                    + " saturates to [0, 255], NaN to 0; say so with rounding = Rounding.HALF_EVEN, overflow ="
                    + " Overflow.SATURATE to silence this note", "|@Reorder(from = Planar.class");
        }

        @Test
        void conversionsThatLoseNothingSayNothing() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Reorder(from = Planar.class, to = Interleaved.class)",
                    "  void widen(byte[] src, int[] dst);",
                    "  @Reorder(from = Planar.class, to = Interleaved.class, unsignedSource = true)",
                    "  void pixels(byte[] src, short[] dst);",
                    "  @Reorder(from = Planar.class, to = Interleaved.class, unsignedSource = true, unsignedDestination = true)",
                    "  void same(byte[] src, byte[] dst);",
                    "  @Reorder(from = Planar.class, to = Interleaved.class, scale = 1e40)",
                    "  void toFloats(double[] src, float[] dst);",
                    "  @Reorder(from = Planar.class, to = Interleaved.class)",
                    "  void copy(int[] src, int[] dst);",
                    "}");
            Compilation c = compile(s);
            assertThat(c).succeededWithoutWarnings();
            assertThat(c).hadNoteCount(0);
        }

        @Test
        void roundingAndOverflowMayBeSaidWhereNothingIsLost() {
            // true of every integer destination, and still true if a scale is added later
            Source s = reorder("@Reorder(from = Planar.class, to = Interleaved.class, rounding = Rounding.HALF_EVEN,"
                    + " overflow = Overflow.SATURATE)", "void widen(byte[] src, int[] dst);");
            Compilation c = compile(s);
            assertThat(c).succeededWithoutWarnings();
            assertThat(c).hadNoteCount(0);
        }

        @Test
        void unspecifiedSaysNothing() {
            Source s = reorder("@Reorder(from = Planar.class, to = Interleaved.class, rounding = Rounding.UNSPECIFIED,"
                    + " overflow = Overflow.UNSPECIFIED)", "void narrow(float[] src, double[] dst);");
            Compilation c = compile(s);
            assertThat(c).succeededWithoutWarnings();
            assertThat(c).hadNoteCount(0);
        }

        @Test
        void roundingOnAFloatingPointDestination() {
            Source s = reorder("@Reorder(from = Planar.class, to = Interleaved.class, rounding = Rounding.HALF_EVEN)",
                    "void narrow(double[] src, float[] dst);");
            s.assertOnlyError(compile(s),
                    "[StriderNarrowingUnused] rounding = Rounding.HALF_EVEN applies to a long, int, short, byte, s4 or"
                            + " u4 destination, but dst is float[]; a floating-point destination rounds to nearest and"
                            + " overflows to infinity, as Java's casts do (bf16, f16, f8 and f4 as oneDNN rounds them;"
                            + " f8 e4m3 overflows to its NaN)",
                    "rounding = Rounding|.HALF_EVEN");
        }

        @Test
        void overflowOnAFloatingPointDestination() {
            Source s = reorder("@Reorder(from = Planar.class, to = Interleaved.class, overflow = Overflow.SATURATE)",
                    "void widen(long[] src, double[] dst);");
            s.assertOnlyError(compile(s),
                    "[StriderNarrowingUnused] overflow = Overflow.SATURATE applies to a long, int, short, byte, s4 or"
                            + " u4 destination, but dst is double[]; a floating-point destination rounds to nearest and"
                            + " overflows to infinity, as Java's casts do (bf16, f16, f8 and f4 as oneDNN rounds them;"
                            + " f8 e4m3 overflows to its NaN)",
                    "overflow = Overflow|.SATURATE");
        }

        @Test
        void unsignedDestinationOnAFloat() {
            Source s = reorder("@Reorder(from = Planar.class, to = Interleaved.class, unsignedDestination = true)",
                    "void widen(byte[] src, float[] dst);");
            s.assertOnlyError(compile(s),
                    "[StriderUnsignedDestination] unsignedDestination = true needs a byte or short destination, but dst"
                            + " is float[]",
                    "unsignedDestination = |true");
        }

        @Test
        void unsignedDestinationOnAnInt() {
            Source s = reorder("@Reorder(from = Planar.class, to = Interleaved.class, unsignedDestination = true,"
                    + " overflow = Overflow.SATURATE)", "void narrow(long[] src, int[] dst);");
            s.assertOnlyError(compile(s),
                    "[StriderUnsignedDestination] unsignedDestination = true needs a byte or short destination, but dst"
                            + " is int[]",
                    "unsignedDestination = |true");
        }
    }

    // ================================================================== operands

    /** Scales and zero points given at call time ({@code @Scale}, {@code @ZeroPoint}). */
    @Nested
    class Quantization {

        @Test
        void aParameterAfterSrcAndDstMustBeAScaleOrAZeroPoint() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Reorder(from = Planar.class, to = Interleaved.class)",
                    "  void copy(float[] src, float[] dst, float[] extra);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderQuantizationMissing] parameter extra of copy follows src and dst, so it must be a scale,"
                            + " a zero point or a compensation: annotate it @Scale(Side.SRC) or @ZeroPoint(Side.DST)"
                            + " (or Side.SRC, Side.DST) or @Compensation(Compensation.Kind.S8S8), or remove it",
                    "float[] |extra");
        }

        @Test
        void onlyAReorderTakesThem() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Fill(layout = Planar.class)",
                    "  void fill(float[] dst, @Scale(Side.SRC) float value);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderQuantizationKernel] @Scale on parameter value of fill: only a @Reorder takes scales,"
                            + " zero points and compensations (this is a @Fill)",
                    "|@Scale(Side.SRC) float value");
        }

        @Test
        void srcAndDstAreNotScales() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Reorder(from = Planar.class, to = Interleaved.class)",
                    "  void copy(float[] src, @ZeroPoint(Side.DST) float[] dst);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderQuantizationPlace] @ZeroPoint on parameter dst of copy, which is the reorder's dst;"
                            + " scales, zero points and compensations are parameters of their own, after src and dst",
                    "|@ZeroPoint(Side.DST)");
        }

        @Test
        void aScaleIsAFloatOrFloats() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Reorder(from = Planar.class, to = Interleaved.class)",
                    "  void scale(float[] src, float[] dst, @Scale(value = Side.SRC, per = \"C\") double[] scales);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderQuantizationType] parameter scales of scale is a double[], but a scale is a float, a"
                            + " float[], or bf16 or f16 numbers in an @Elements(Bf16.class) short[] or"
                            + " @Elements(F16.class) short[]",
                    "double[] |scales");
        }

        @Test
        void oneValuePerIndexNeedsAnArray() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Reorder(from = Planar.class, to = Interleaved.class, unsignedSource = true)",
                    "  void shift(byte[] src, float[] dst, @ZeroPoint(value = Side.SRC, per = \"C\") int zero);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderQuantizationType] parameter zero of shift is one int, but a zero point per \"C\" takes"
                            + " one value per index: declare int[] zero",
                    "int |zero");
        }

        @Test
        void perNamesTheLayoutsDimsInOrder() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Reorder(from = Planar.class, to = Interleaved.class)",
                    "  void scale(float[] src, float[] dst, @Scale(value = Side.SRC, per = \"WH\") float[] scales);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderQuantizationPer] per = \"WH\" on parameter scales of scale: the dims must be named in the"
                            + " layouts' order, NCHW",
                    "per = |\"WH\"");
        }

        @Test
        void groupsDivideTheirDims() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Reorder(from = Planar.class, to = Interleaved.class)",
                    "  void scale(float[] src, float[] dst,",
                    "      @Scale(value = Side.SRC, per = \"HW\", groups = {2, 2}) float[] scales);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderQuantizationGroups] groups = {2, 2} on parameter scales of scale: a group of 2 along W"
                            + " does not divide its size 5",
                    "groups = |{2, 2}");
        }

        @Test
        void aSideHasOneScale() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Reorder(from = Planar.class, to = Interleaved.class, scale = 2)",
                    "  void scale(float[] src, float[] dst, @Scale(value = Side.SRC, per = \"C\") float[] scales);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderQuantizationTwice] parameter scales of scale gives the src scale again: scale = 2.0"
                            + " already does",
                    "|@Scale(value = Side.SRC");
        }

        @Test
        void noZeroPointWithASum() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Reorder(from = Planar.class, to = Interleaved.class, sum = 1, rounding = Rounding.HALF_EVEN,",
                    "      overflow = Overflow.SATURATE)",
                    "  void add(float[] src, byte[] dst, @ZeroPoint(Side.DST) int zero);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderQuantizationSum] the zero point zero of add cannot go with sum = 1.0: benchdnn runs no"
                            + " zero point with the sum post-op, and oneDNN's implementations differ there",
                    "|@ZeroPoint(Side.DST)");
        }

        @Test
        void aQuantizedReorderCompilesOnEveryTarget() {
            Source s = Source.ops(
                    "@Kernels(targets = {Target.SCALAR, Target.VECTOR, Target.THREADS})",
                    "public interface Ops {",
                    "  @Reorder(from = Planar.class, to = Interleaved.class, rounding = Rounding.HALF_EVEN,",
                    "      overflow = Overflow.SATURATE, unsignedDestination = true)",
                    "  void quantize(float[] src, byte[] dst, @Scale(value = Side.DST, per = \"C\") float[] scales,",
                    "      @ZeroPoint(Side.DST) int zero, @ZeroPoint(value = Side.SRC, per = \"NCHW\") byte[] srcZeros,",
                    "      @Elements(F16.class) @Scale(Side.SRC) short[] srcScale);",
                    "}");
            assertThat(compile(s)).succeededWithoutWarnings();
        }
    }

    /** oneDNN's compensation of s8 weights, written besides them ({@code @Compensation}). */
    @Nested
    class Compensations {

        private static final String S8 = "  @Reorder(from = Planar.class, to = Blocked.class, rounding = Rounding.HALF_EVEN,"
                + " overflow = Overflow.SATURATE)";

        @Test
        void aCompensationIsAnIntArray() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    S8,
                    "  void w(float[] src, byte[] dst, @Compensation(value = Compensation.Kind.S8S8, per = \"C\") long[] comp);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderCompensationType] parameter comp of w is a long[], but a compensation is an int[]:"
                            + " oneDNN's int32 sums, one per index of per",
                    "long[] |comp");
        }

        @Test
        void aCompensationTakesNoElementsAnnotation() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    S8,
                    "  void w(float[] src, byte[] dst, @Elements(int.class) @Compensation(Compensation.Kind.S8S8) int[] comp);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderCompensationType] parameter comp of w is an int[] with @Elements, but a compensation is"
                            + " an int[]: oneDNN's int32 sums, one per index of per",
                    "int[] |comp");
        }

        @Test
        void aCompensationIsNoScaleOrZeroPoint() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    S8,
                    "  void w(float[] src, byte[] dst, @Compensation(Compensation.Kind.S8S8) @ZeroPoint(Side.SRC) int[] c);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderCompensationRole] parameter c of w carries @Compensation and @ZeroPoint: a compensation"
                            + " is an output of its own; give the zero point a parameter of its own",
                    "|@ZeroPoint(Side.SRC) int[] c");
        }

        @Test
        void aParameterNamedLikeTheScalarClassIsRenamed() {
            Source s = Source.ops(
                    "@Kernels(targets = {Target.SCALAR, Target.VECTOR, Target.THREADS})",
                    "public interface Ops {",
                    S8,
                    "  void w(float[] src, byte[] Ops_Scalar, @Compensation(Compensation.Kind.S8S8) int[] c);",
                    "}");
            assertThat(compile(s)).succeededWithoutWarnings();
        }

        @Test
        void itGoesWithSignedBytes() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    S8.replace("SATURATE)", "SATURATE, unsignedDestination = true)"),
                    "  void w(float[] src, byte[] dst, @Compensation(Compensation.Kind.ZERO_POINT) int[] comp);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderCompensationDestination] parameter comp of w is a compensation, which goes with s8"
                            + " weights, but the destination dst is written unsigned (u8): declare byte elements (a"
                            + " byte[], or a ByteBuffer or MemorySegment with @Elements(byte.class)), written signed",
                    "|@Compensation(Compensation.Kind.ZERO_POINT)");
        }

        @Test
        void perNamesTheLayoutsDims() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    S8,
                    "  void w(float[] src, byte[] dst, @Compensation(value = Compensation.Kind.S8S8, per = \"O\") int[] comp);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderQuantizationPer] per = \"O\" on parameter comp of w: 'O' is not one of the dims NCHW",
                    "per = |\"O\"");
        }

        @Test
        void eachKindOnce() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    S8,
                    "  void w(float[] src, byte[] dst, @Compensation(Compensation.Kind.S8S8) int[] a,",
                    "      @Compensation(value = Compensation.Kind.S8S8, per = \"C\") int[] b);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderCompensationTwice] parameter b of w writes the s8s8_comp compensation again: parameter a"
                            + " already does",
                    "|@Compensation(value = Compensation.Kind.S8S8, per");
        }

        @Test
        void compensationsComeLast() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    S8,
                    "  void w(float[] src, byte[] dst, @Compensation(Compensation.Kind.S8S8) int[] comp,",
                    "      @Scale(Side.SRC) float scale);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderCompensationPlace] @Scale on parameter scale of w follows the compensation comp: scales"
                            + " and zero points come first, the compensations last",
                    "|@Scale(Side.SRC) float scale");
        }

        @Test
        void aCompensatingReorderCompilesOnEveryTarget() {
            Source s = Source.ops(
                    "@Kernels(targets = {Target.SCALAR, Target.VECTOR, Target.THREADS})",
                    "public interface Ops {",
                    S8,
                    "  void w(float[] src, byte[] dst, @Scale(value = Side.SRC, per = \"C\") float[] scales,",
                    "      @Compensation(value = Compensation.Kind.S8S8, per = \"C\") int[] comp,",
                    "      @Compensation(value = Compensation.Kind.ZERO_POINT, per = \"NC\") int[] zp);",
                    "}");
            assertThat(compile(s)).succeededWithoutWarnings();
        }
    }

    @Nested
    class Operands {

        @Test
        void reorderShape() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Reorder(from = Planar.class, to = Narrow.class)",
                    "  void copy(float[] src, float[] dst);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderReorderShape] from (Planar) and to (Narrow) differ in dim W (5 vs 3); sizes [1, 3, 4, 5]"
                            + " and [1, 3, 4, 3] must be equal",
                    "to = Narrow|.class");
        }

        @Test
        void unaryShape() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Unary(op = UnaryKind.ABS, in = Column.class, out = Planar.class)",
                    "  void abs(float[] in, float[] out);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderUnaryShape] in (Column) and out (Planar) differ in dim C (1 vs 3); sizes [1, 1, 4, 1]"
                            + " and [1, 3, 4, 5] must be equal",
                    "out = Planar|.class");
        }

        @Test
        void binaryBroadcast() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Binary(op = BinaryOp.ADD, a = Planar.class, b = Narrow.class, out = Interleaved.class)",
                    "  void add(float[] a, float[] b, float[] out);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderBinaryBroadcast] b (Narrow) dim W has size 3 but out has 5; an operand dim must match"
                            + " or be 1 (broadcast)",
                    "b = Narrow|.class");
        }

        @Test
        void overlappingOutput() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Reorder(from = Planar.class, to = Broadcast.class)",
                    "  void copy(float[] src, float[] dst);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderOverlappingOutput] to layout Broadcast cannot be written: dim C of size 3 has stride 0"
                            + " (broadcast); only layouts that are read may overlap",
                    "to = Broadcast|.class");
        }

        @Test
        void overlappingFillTarget() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Fill(layout = Broadcast.class)",
                    "  void fill(float[] dst, float value);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderOverlappingOutput] layout Broadcast cannot be written: dim C of size 3 has stride 0"
                            + " (broadcast); only layouts that are read may overlap",
                    "layout = Broadcast|.class");
        }

        @Test
        void overlappingInputIsFine() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Binary(op = BinaryOp.MUL, a = Broadcast.class, b = Column.class, out = Planar.class)",
                    "  void mul(float[] a, float[] b, float[] out);",
                    "}");
            assertThat(compile(s)).succeededWithoutWarnings();
        }
    }

    // ================================================================== @Slice

    @Nested
    class Slices {

        private Source slice(String values) {
            return Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Slice(from = Planar.class, " + values + ")",
                    "  void slice(float[] src, float[] dst);",
                    "}");
        }

        @Test
        void strideZero() {
            Source s = slice("offsets = {0, 0, 0, 0}, sizes = {1, 3, 4, 5}, strides = {1, 1, 1, 0}");
            s.assertOnlyError(compile(s),
                    "[StriderSliceStride] slice stride of dim W is 0; slice strides must not be 0",
                    "strides = {1, 1, 1, |0}");
        }

        @Test
        void valuesPerDim() {
            Source s = slice("offsets = {0, 0, 0}, sizes = {1, 3, 4, 5}, strides = {1, 1, 1, 1}");
            s.assertOnlyError(compile(s),
                    "[StriderSliceRank] slice offsets [0, 0, 0] has 3 values but dims NCHW has 4",
                    "offsets = |{0, 0, 0}");
        }

        @Test
        void windowPastTheInput() {
            Source s = slice("offsets = {0, 0, 0, 3}, sizes = {1, 3, 4, 5}, strides = {1, 1, 1, 1}");
            s.assertOnlyError(compile(s),
                    "[StriderSliceWindow] window of dim W (offset 3 + size 5 = 8) extends past the input size 5",
                    "sizes = {1, 3, 4, |5}, strides = {1, 1, 1, 1}");
        }

        @Test
        void windowPastTheInputAfterAnEqualSize() {
            // the window of H (offset 2, size 3) is at fault; C's size before it is 3 too
            Source s = slice("offsets = {0, 0, 2, 0}, sizes = {1, 3, 3, 5}, strides = {1, 1, 1, 1}");
            s.assertOnlyError(compile(s),
                    "[StriderSliceWindow] window of dim H (offset 2 + size 3 = 5) extends past the input size 4",
                    "sizes = {1, 3, |3, 5}, strides");
        }

        @Test
        void strideOutOfRange() {
            Source s = slice("offsets = {0, 0, 0, 0}, sizes = {1, 3, 4, 5},"
                    + " strides = {1, Integer.MIN_VALUE, 1, 1}");
            s.assertOnlyError(compile(s),
                    "[StriderSliceStride] slice stride of dim C is -2147483648, out of range",
                    "strides = {1, Integer|.MIN_VALUE, 1, 1}");
        }

        @Test
        void negativeWindowOffset() {
            Source s = slice("offsets = {0, 0, -1, 0}, sizes = {1, 3, 2, 5}, strides = {1, 1, 1, 1}");
            s.assertOnlyError(compile(s),
                    "[StriderSliceWindow] window offset of dim H is -1; offsets must not be negative",
                    "offsets = {0, 0, |-1, 0}");
        }

        @Test
        void emptyWindow() {
            Source s = slice("offsets = {0, 0, 0, 0}, sizes = {1, 3, 0, 5}, strides = {1, 1, 1, 1}");
            s.assertOnlyError(compile(s),
                    "[StriderSliceWindow] window size of dim H is 0; the window must not be empty",
                    "sizes = {1, 3, |0, 5}");
        }

        @Test
        void outputSizesPerDim() {
            Source s = slice("offsets = {0, 0, 0, 0}, sizes = {1, 3, 4, 5}, strides = {1, 1, 1, 1},"
                    + " outputSizes = {3, 4, 5}");
            s.assertOnlyError(compile(s),
                    "[StriderSliceRank] slice output sizes [3, 4, 5] has 3 values but dims NCHW has 4",
                    "outputSizes = |{3, 4, 5}");
        }

        @Test
        void outputSize() {
            Source s = slice("offsets = {0, 0, 0, 0}, sizes = {1, 3, 4, 5}, strides = {1, 1, 1, 2},"
                    + " outputSizes = {1, 3, 4, 4}");
            s.assertOnlyError(compile(s),
                    "[StriderSliceOutputSize] output size of dim W is 4; the window (size 5, stride 2) allows 1..3",
                    "outputSizes = {1, 3, 4, |4}");
        }

        @Test
        void outputLayoutOfOtherSizes() {
            Source s = slice("offsets = {0, 0, 0, 0}, sizes = {1, 3, 4, 5}, strides = {1, 1, 1, -2},"
                    + " to = Planar.class");
            s.assertOnlyError(compile(s),
                    "[StriderSliceOutput] to Planar does not fit the slice: dst dim W has size 5 but the slice yields 3"
                            + " (output sizes [1, 3, 4, 3])",
                    "to = Planar|.class");
        }

        @Test
        void outputLayoutOverlaps() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Slice(from = Planar.class, offsets = {0, 0, 0, 0}, sizes = {1, 3, 4, 5},"
                            + " strides = {1, 1, 1, 1}, to = Broadcast.class)",
                    "  void slice(float[] src, float[] dst);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderOverlappingOutput] to layout Broadcast cannot be written: dim C of size 3 has stride 0"
                            + " (broadcast); only layouts that are read may overlap",
                    "to = Broadcast|.class");
        }
    }

    // ================================================================== targets, options, the processor

    @Nested
    class ProcessorItself {

        @Test
        void unresolvedType() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Reorder(from = Missing.class, to = Planar.class)",
                    "  void copy(float[] src, float[] dst);",
                    "}");
            Compilation c = compile(s);
            assertThat(c).hadErrorContaining("cannot find symbol");
            s.assertError(c, "[StriderUnresolved] the from value of @Reorder on method copy names a type or value"
                    + " that could not be resolved; Ops_Scalar is not generated", "from = Missing|.class");
            assertThat(c).hadErrorCount(2);
        }

        @Test
        void badUnrollLimit() {
            Source s = Source.ops("@Kernels", "public interface Ops {}");
            Compilation c = compile(new StriderProcessor(), java.util.List.of("-Astrider.unrollLimit=lots"), s);
            assertThat(c).hadErrorContaining("[StriderOption] option -Astrider.unrollLimit has value \"lots\"; it must"
                    + " be a whole number of at least 1 (the most elements a fully unrolled inner loop may have;"
                    + " 1 unrolls nothing)");
            assertThat(c).hadErrorCount(1);
        }

        @Test
        void badTargets() {
            Source s = Source.ops("@Kernels", "public interface Ops {}");
            Compilation c = compile(new StriderProcessor(), java.util.List.of("-Astrider.targets=scalar,gpu"), s);
            assertThat(c).hadErrorContaining("[StriderOption] option -Astrider.targets has value \"scalar,gpu\"; it"
                    + " must be a comma-separated list of targets from scalar, vector, threads, such as scalar or"
                    + " scalar,vector");
            assertThat(c).hadErrorCount(1);
        }

        @Test
        void badVectorShapes() {
            Source s = Source.ops("@Kernels", "public interface Ops {}");
            Compilation c = compile(new StriderProcessor(), java.util.List.of("-Astrider.vectorShapes=256,1024"), s);
            assertThat(c).hadErrorContaining("[StriderOption] option -Astrider.vectorShapes has value \"256,1024\"; it"
                    + " must be a comma-separated list of vector sizes in bits from 128, 256, 512, such as 256 or 256,512");
            assertThat(c).hadErrorCount(1);
        }

        @Test
        void badTransposeBits() {
            Source s = Source.ops("@Kernels", "public interface Ops {}");
            Compilation c = compile(new StriderProcessor(), java.util.List.of("-Astrider.transposeBits=128,256"), s);
            assertThat(c).hadErrorContaining("[StriderOption] option -Astrider.transposeBits has value \"128,256\"; it"
                    + " must be one vector size in bits from 128, 256, 512 (the width of the blocks VECTOR transposes"
                    + " move through registers)");
            assertThat(c).hadErrorCount(1);
        }

        @Test
        void badThreadsAbove() {
            Source s = Source.ops("@Kernels", "public interface Ops {}");
            Compilation c = compile(new StriderProcessor(), java.util.List.of("-Astrider.threadsAbove=0"), s);
            assertThat(c).hadErrorContaining("[StriderOption] option -Astrider.threadsAbove has value \"0\"; it must"
                    + " be a whole number of at least 1 (THREADS splits methods with at least this many elements)");
            assertThat(c).hadErrorCount(1);
        }

        @Test
        void badReport() {
            Source s = Source.ops("@Kernels", "public interface Ops {}");
            Compilation c = compile(new StriderProcessor(), java.util.List.of("-Astrider.report=maybe"), s);
            assertThat(c).hadErrorContaining("[StriderOption] option -Astrider.report has value \"maybe\"; it must be"
                    + " true or false (false turns off the layout report, <Interface>.layouts.html beside the generated"
                    + " sources)");
            assertThat(c).hadErrorCount(1);
        }

        /** Writes the layout report's file first, so that the Strider processor cannot. */
        static final class Squatter extends javax.annotation.processing.AbstractProcessor {
            private boolean done;

            @Override
            public java.util.Set<String> getSupportedAnnotationTypes() {
                return java.util.Set.of("*");
            }

            @Override
            public javax.lang.model.SourceVersion getSupportedSourceVersion() {
                return javax.lang.model.SourceVersion.latestSupported();
            }

            @Override
            public boolean process(java.util.Set<? extends javax.lang.model.element.TypeElement> annotations,
                                   javax.annotation.processing.RoundEnvironment roundEnv) {
                if (!done) {
                    done = true;
                    try (java.io.OutputStream out = processingEnv.getFiler().createResource(
                            javax.tools.StandardLocation.SOURCE_OUTPUT, "test", "Ops.layouts.html").openOutputStream()) {
                        out.write('x');
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }
                return false;
            }
        }

        @Test
        void reportCannotBeWritten() {
            Source s = Source.ops("@Kernels", "public interface Ops {}");
            Compilation c = com.google.testing.compile.Compiler.javac()
                    .withProcessors(new Squatter(), new StriderProcessor()).compile(s.file);
            // The kernels are written: a warning, and the build goes on.
            assertThat(c).succeeded();
            assertThat(c).hadWarningCount(1);
            assertThat(c).hadWarningContaining("[StriderReportFailed] could not write the layout report"
                    + " test/Ops.layouts.html: Attempt to reopen a file for path ")
                    .inFile(s.file).onLine(s.line("public |interface Ops")).atColumn(s.column("public |interface Ops"));
            assertThat(c).hadWarningContaining("; the kernels are generated (-Astrider.report=false turns the report off)");
            assertThat(c).generatedSourceFile("test.Ops_Scalar");
        }

        @Test
        void generatedClassExists() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "}",
                    "class Ops_Scalar {}");
            s.assertOnlyError(compile(s),
                    "[StriderWriteFailed] could not write test.Ops_Scalar: Attempt to recreate a file for type"
                            + " test.Ops_Scalar",
                    "public |interface Ops");
        }

        @Test
        void internalError() {
            Source s = Source.ops("@Kernels", "public interface Ops {}");
            StriderProcessor failing = new StriderProcessor() {
                @Override
                KernelsStep.Outcome processKernels(javax.lang.model.element.TypeElement type,
                                                   dev.strider.processor.model.LayoutResolver layouts,
                                                   boolean lastChance) {
                    throw new IllegalStateException("boom");
                }
            };
            Compilation c = compile(failing, java.util.List.of(), s);
            s.assertOnlyError(c, "[StriderInternalError] internal error while processing test.Ops:"
                    + " java.lang.IllegalStateException: boom; please report it", "public |interface Ops");
            // The first frames follow, to find the bug from the report.
            assertThat(c).hadErrorContaining("at dev.strider.processor.DiagnosticsTest$ProcessorItself$1.processKernels(");
        }

        @Test
        void vectorModuleNotReadableAmongOtherTargets() {
            Source s = Source.ops(
                    "@Kernels(targets = {Target.SCALAR, Target.VECTOR, Target.THREADS})",
                    "public interface Ops {}");
            Compilation c = compile(s);
            assertThat(c).succeededWithoutWarnings();
            s.assertNote(c, "[StriderVectorModule] target VECTOR needs the module jdk.incubator.vector",
                    "Target.SCALAR, Target|.VECTOR, Target.THREADS");
        }

        @Test
        void vectorModuleNotReadable() {
            Source s = Source.ops(
                    "@Kernels(targets = Target.VECTOR)",
                    "public interface Ops {}");
            Compilation c = compile(s);
            assertThat(c).succeededWithoutWarnings();
            s.assertNote(c, "[StriderVectorModule] target VECTOR needs the module jdk.incubator.vector, which this"
                    + " compilation cannot read; compile with --add-modules jdk.incubator.vector to enable it (until"
                    + " then Ops_Scalar serves it)", "@Kernels(targets = Target|.VECTOR)");
        }
    }

    /** Buffers and segments as parameters (issue 15): what their types say, and what they need. */
    @Nested
    class OffHeap {

        @Test
        void aByteBufferSaysNothingOfItsElements() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Reorder(from = Planar.class, to = Interleaved.class)",
                    "  void copy(float[] src, java.nio.ByteBuffer dst);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderElementsMissing] parameter dst of copy is a ByteBuffer, which does not say what its"
                            + " elements are; declare it @Elements(float.class) ByteBuffer dst (or double, long, int,"
                            + " short, byte)",
                    "java.nio.ByteBuffer |dst");
        }

        @Test
        void elementsNamesNoElementType() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Reorder(from = Planar.class, to = Interleaved.class)",
                    "  void copy(float[] src, @Elements(char.class) java.nio.ByteBuffer dst);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderElementsType] @Elements(char.class) on parameter dst of copy names no element type; it"
                            + " must be double.class, float.class, long.class, int.class, short.class or byte.class,"
                            + " or Bf16.class, F16.class, F8E5m2.class or F8E4m3.class",
                    "@Elements(char|.class)");
        }

        @Test
        void aHalfFloatNeedsSixteenBitStorage() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Reorder(from = Planar.class, to = Interleaved.class)",
                    "  void widen(@Elements(Bf16.class) float[] src, float[] dst);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderElementsMisplaced] @Elements(dev.strider.Bf16.class) on parameter src of widen: a bf16"
                            + " number takes 16 bits: declare a short[], ShortBuffer, ByteBuffer or MemorySegment, not"
                            + " a float[]",
                    "@Elements(Bf16|.class)");
        }

        @Test
        void anF8NeedsByteStorage() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Reorder(from = Planar.class, to = Interleaved.class)",
                    "  void widen(@Elements(F8E4m3.class) short[] src, float[] dst);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderElementsMisplaced] @Elements(dev.strider.F8E4m3.class) on parameter src of widen: an"
                            + " f8_e4m3 number takes 8 bits: declare a byte[], ByteBuffer or MemorySegment, not a short[]",
                    "@Elements(F8E4m3|.class)");
        }

        @Test
        void a4BitNumberNeedsByteStorage() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Reorder(from = Planar.class, to = Interleaved.class)",
                    "  void widen(@Elements(S4.class) short[] src, float[] dst);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderElementsMisplaced] @Elements(dev.strider.S4.class) on parameter src of widen: an s4 number"
                            + " takes 4 bits, two to a byte: declare a byte[], ByteBuffer or MemorySegment, not a short[]",
                    "@Elements(S4|.class)");
        }

        /** Only a reorder reads and writes 4-bit elements: two share a byte. */
        @Test
        void aSliceDoesNotTake4BitNumbers() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Slice(from = Planar.class, offsets = {0, 0, 0, 0}, sizes = {1, 3, 4, 5}, strides = {1, 1, 1, -1})",
                    "  void flip(@Elements(U4.class) byte[] src, @Elements(U4.class) byte[] dst);",
                    "}");
            s.assertError(compile(s),
                    "[StriderPackedOperation] parameter src of flip holds u4 numbers, 4 bits each, two to a byte, which"
                            + " only @Reorder reads and writes; @Slice does not take them",
                    "@Elements(U4.class) byte[] |src");
        }

        /** A segment of 4-bit elements compiles on a JDK that resolves MemorySegment, read through a byte buffer view. */
        @Test
        void a4BitSegmentIsTaken() {
            org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.version().feature() >= 22,
                    "MemorySegment resolves from JDK 22 (preview in 21)");
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Reorder(from = Planar.class, to = Interleaved.class)",
                    "  void pack(float[] src, @Elements(F4E2m1.class) java.lang.foreign.MemorySegment dst);",
                    "}");
            Compilation c = compile(new StriderProcessor(new JavaApis(22, true, true)), List.of("--release", "22"), s);
            assertThat(c).succeededWithoutWarnings();
        }

        @Test
        void unaryOpsDoNotComputeOnHalfFloats() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Unary(op = UnaryKind.RELU, in = Planar.class, out = Planar.class)",
                    "  void relu(@Elements(F16.class) short[] in, @Elements(F16.class) short[] out);",
                    "}");
            s.assertError(compile(s),
                    "[StriderHalfArithmetic] parameter in of relu holds f16 numbers, but @Unary computes on Java's own"
                            + " types; reorder them to float first (only @Reorder and @Slice take bf16, f16 and f8)",
                    "@Elements(F16.class) short[] |in");
        }

        @Test
        void aSliceKeepsTheHalfFormat() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Slice(from = Planar.class, offsets = {0, 0, 0, 0}, sizes = {1, 3, 4, 5}, strides = {1, 1, 1, -1})",
                    "  void flip(@Elements(Bf16.class) short[] src, short[] dst);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderElementTypeMismatch] parameter dst of flip is short[] but src is bf16 short[]; @Slice"
                            + " needs one element type (only @Reorder converts)",
                    "short[] |dst");
        }

        @Test
        void aHalfFloatIsNeitherUnsignedNorRoundedToInteger() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Reorder(from = Planar.class, to = Interleaved.class, unsignedSource = true)",
                    "  void widen(@Elements(Bf16.class) short[] src, float[] dst);",
                    "  @Reorder(from = Planar.class, to = Interleaved.class, rounding = Rounding.HALF_EVEN)",
                    "  void narrow(float[] src, @Elements(F16.class) java.nio.ByteBuffer dst);",
                    "}");
            Compilation c = compile(s);
            s.assertError(c, "[StriderUnsignedSource] unsignedSource = true needs a byte, short or int source, but src"
                    + " is bf16 short[]", "unsignedSource = |true");
            s.assertError(c, "[StriderNarrowingUnused] rounding = Rounding.HALF_EVEN applies to a long, int, short, byte, s4 or u4 destination, but"
                    + " dst is f16 ByteBuffer; a floating-point destination rounds to nearest and overflows to infinity,"
                    + " as Java's casts do (bf16, f16, f8 and f4 as oneDNN rounds them; f8 e4m3 overflows to its NaN)",
                    "rounding = Rounding|.HALF_EVEN");
        }

        @Test
        void elementsContradictsATypedBuffer() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Reorder(from = Planar.class, to = Interleaved.class)",
                    "  void copy(@Elements(int.class) java.nio.FloatBuffer src, float[] dst);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderElementsMisplaced] @Elements(int.class) on parameter src of copy: a FloatBuffer holds"
                            + " float elements, not int",
                    "@Elements(int|.class)");
        }

        @Test
        void elementsOnAnArray() {
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Reorder(from = Planar.class, to = Interleaved.class)",
                    "  void copy(@Elements(float.class) float[] src, float[] dst);",
                    "}");
            s.assertOnlyError(compile(s),
                    "[StriderElementsMisplaced] @Elements(float.class) on parameter src of copy: an array float[]"
                            + " says its element type itself; remove @Elements",
                    "@Elements(float|.class) float[]");
        }

        @Test
        void buffersMixWithArraysAndCompile() {
            Source s = Source.ops(
                    "@Kernels(targets = {Target.SCALAR, Target.THREADS})",
                    "public interface Ops {",
                    "  @Reorder(from = Planar.class, to = Blocked.class)",
                    "  void toBlocked(java.nio.FloatBuffer src, @Elements(float.class) java.nio.ByteBuffer dst);",
                    "  @Reorder(from = Planar.class, to = Interleaved.class, unsignedSource = true, scale = 0.5)",
                    "  void normalize(@Elements(byte.class) java.nio.ByteBuffer src, float[] dst);",
                    "}");
            assertThat(compile(s)).succeededWithoutWarnings();
        }

        /**
         * A compilation for Java 21 (where MemorySegment is a preview API: JDK 21 with
         * --enable-preview) cannot take segments. No JDK here compiles for 21 with preview, so the
         * processor plans as if it did, on a JDK that resolves the type.
         */
        @Test
        void aSegmentNeedsJava22() {
            org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.version().feature() >= 22,
                    "MemorySegment resolves from JDK 22 (preview in 21)");
            Source s = Source.ops(
                    "@Kernels",
                    "public interface Ops {",
                    "  @Reorder(from = Planar.class, to = Interleaved.class)",
                    "  void copy(float[] src, @Elements(float.class) java.lang.foreign.MemorySegment dst);",
                    "}");
            Compilation c = compile(new StriderProcessor(new JavaApis(21, false, false)), List.of(), s);
            s.assertOnlyError(c, "[StriderSegmentRelease] parameter dst of copy is a MemorySegment, whose API is final"
                    + " from Java 22: compile with --release 22 or later (this compilation targets Java 21), or take"
                    + " a ByteBuffer", "java.lang.foreign.MemorySegment |dst");
        }

        /**
         * A ByteBuffer holds at most 2^31 - 1 bytes, so a layout of 900 million floats cannot be one:
         * an error on that parameter, naming the typed buffer that holds it; the FloatBuffer beside it
         * is fine (int-indexed elements).
         */
        @Test
        void aByteBufferHoldsAtMost2GB() {
            Source s = Source.ops(
                    "@Kernels(targets = {Target.SCALAR})",
                    "public interface Ops {",
                    "  @Reorder(from = Rows.class, to = Columns.class)",
                    "  void transpose(@Elements(float.class) java.nio.ByteBuffer src, java.nio.FloatBuffer dst);",
                    "}",
                    "@Layout(dims = \"NC\", sizes = {3, 300000000}) interface Rows {}",
                    "@Layout(dims = \"NC\", sizes = {3, 300000000}, format = \"cn\") interface Columns {}");
            s.assertOnlyError(compile(s), "[StriderByteBufferCapacity] parameter src of transpose is a ByteBuffer of"
                    + " float elements whose layout needs 3600000000 bytes, more than a ByteBuffer holds (2147483647);"
                    + " take a FloatBuffer or a MemorySegment", "java.nio.ByteBuffer |src");
        }

        /** A FloatBuffer has no vector load before Java 22's API: VECTOR says so, and runs the scalar nest. */
        @Test
        void vectorOnATypedBufferBeforeJava22() {
            Source s = Source.ops(
                    "@Kernels(targets = {Target.SCALAR, Target.VECTOR})",
                    "public interface Ops {",
                    "  @Reorder(from = Planar.class, to = Interleaved.class)",
                    "  void copy(java.nio.FloatBuffer src, float[] dst);",
                    "}");
            Compilation c = compile(new StriderProcessor(),
                    List.of("--release", "17", "--add-modules", "jdk.incubator.vector"), s);
            assertThat(c).succeeded();
            s.assertNote(c, "[StriderVectorMemory] VECTOR runs copy element by element: compiled for Java 17, the"
                    + " Vector API loads no vectors from a FloatBuffer (src) that every later JDK can run (Java 20"
                    + " removed fromByteBuffer); compiled for Java 22 or later it loads them from every buffer and"
                    + " segment", "java.nio.FloatBuffer |src");
        }

        /**
         * A ByteBuffer neither, though JDK 17's Vector API has fromByteBuffer: Java 20 removed it, and a
         * class compiled for Java 17 runs on every later JDK, where that call would throw NoSuchMethodError.
         */
        @Test
        void vectorOnAByteBufferBeforeJava22() {
            Source s = Source.ops(
                    "@Kernels(targets = {Target.SCALAR, Target.VECTOR})",
                    "public interface Ops {",
                    "  @Reorder(from = Planar.class, to = Interleaved.class)",
                    "  void copy(float[] src, @Elements(float.class) java.nio.ByteBuffer dst);",
                    "}");
            Compilation c = compile(new StriderProcessor(),
                    List.of("--release", "17", "--add-modules", "jdk.incubator.vector"), s);
            assertThat(c).succeeded();
            s.assertNote(c, "[StriderVectorMemory] VECTOR runs copy element by element: compiled for Java 17, the"
                    + " Vector API loads no vectors from a ByteBuffer (dst) that every later JDK can run (Java 20"
                    + " removed fromByteBuffer); compiled for Java 22 or later it loads them from every buffer and"
                    + " segment", "java.nio.ByteBuffer |dst");
            for (javax.tools.JavaFileObject f : c.generatedSourceFiles()) {
                try {
                    String code = f.getCharContent(true).toString();
                    org.junit.jupiter.api.Assertions.assertFalse(code.contains("fromByteBuffer") || code.contains(
                            "intoByteBuffer"), f.getName() + " calls the Vector API's byte buffer loads");
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        }
    }
}
