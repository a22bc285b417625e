package dev.strider.processor.report;

import dev.strider.layout.TensorLayout;
import dev.strider.processor.model.KernelMethod;
import dev.strider.processor.model.KernelSet;
import dev.strider.processor.model.NamedLayout;
import dev.strider.processor.model.Param;
import dev.strider.processor.plan.MethodPlan;
import dev.strider.processor.plan.VariantPlan;
import dev.strider.processor.writer.GeneratedClass;
import dev.strider.report.Html;
import dev.strider.report.HtmlPage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The layout report of a kernel set: one HTML page, written beside the generated sources, that
 * draws every layout the set's methods use (with strider-report's {@link HtmlPage} and
 * {@code LayoutSvg}, the very drawing {@code explain --html} makes) and lists every kernel
 * method with its operands and the loop nest each generated class runs (and its variants), in
 * the words of that class's Javadoc: both read the class's plan. It reads the validated model and
 * the plans only, never an {@code Element}, so it is a plain function of what was generated.
 */
public final class LayoutReportWriter {

    private LayoutReportWriter() {
    }

    /** {@code ImageOps.layouts.html}; {@code Outer_Inner.layouts.html} for an interface nested in {@code Outer}. */
    public static String fileName(KernelSet set) {
        return String.join("_", set.simpleNames()) + ".layouts.html";
    }

    /**
     * The page for {@code set}.
     *
     * @param classes the classes generated for it, each with its plan of every method of the set
     */
    public static String write(KernelSet set, List<GeneratedClass> classes) {
        for (GeneratedClass c : classes) {
            if (c.plan().methods().size() != set.methods().size()) {
                throw new IllegalArgumentException(c.name() + " plans " + c.plan().methods().size() + " methods, but "
                        + set.qualifiedName() + " has " + set.methods().size());
            }
        }
        Layouts layouts = new Layouts(set);
        List<String> methodIds = methodIds(set);

        HtmlPage page = new HtmlPage("Layouts and kernels of " + set.qualifiedName());
        List<Html> names = new ArrayList<>();
        classes.forEach(c -> names.add(Html.code(c.name())));
        page.intro(Html.paragraph(
                Html.text("Written by the Strider annotation processor beside the generated "
                        + (classes.size() == 1 ? "class " : "classes ")),
                Html.join(", ", names),
                Html.text(". Each layout the kernel methods use is drawn as the DirectML and oneDNN documents draw"
                        + " theirs: its logical view, each index with its offset, and its linear memory, each slot"
                        + " with the index it holds. Then each method, with its operands and the loop nest every"
                        + " generated class runs. Turn the report off with "),
                Html.code("-Astrider.report=false"),
                Html.text(".")));

        page.group("layouts", "Layouts");
        if (layouts.order.isEmpty()) {
            page.intro(Html.paragraph(Html.text("The kernel set declares no methods, so it uses no layout.")));
        }
        for (Map.Entry<String, TensorLayout> e : layouts.order.entrySet()) {
            List<Html> users = new ArrayList<>();
            for (int i = 0; i < set.methods().size(); i++) {
                KernelMethod m = set.methods().get(i);
                for (int k = 0; k < m.params().size(); k++) {
                    Param p = m.params().get(k);
                    if (p.tensor() && layouts.nameOf(i, k).equals(e.getKey())) {
                        users.add(Html.concat(Html.link(methodIds.get(i), Html.code(m.name())),
                                Html.text(" (" + p.name() + ", " + (p == m.output() ? "written" : "read") + ")")));
                    }
                }
            }
            page.layout(e.getKey(), e.getValue(), Html.paragraph(Html.text("Used by "), Html.join(", ", users),
                    Html.text(".")));
        }

        page.group("kernels", "Kernel methods");
        for (int i = 0; i < set.methods().size(); i++) {
            KernelMethod m = set.methods().get(i);
            List<List<Html>> operands = new ArrayList<>();
            for (int k = 0; k < m.params().size(); k++) {
                Param p = m.params().get(k);
                if (!p.tensor()) {
                    operands.add(List.of(Html.code(p.type().javaName() + " " + p.name()), Html.text("value"),
                            Html.text(""), Html.text("")));
                    continue;
                }
                String name = layouts.nameOf(i, k);
                TensorLayout layout = m.layoutOf(p).layout();
                operands.add(List.of(Html.code((p.isNarrow() ? p.narrow().label() + " " : "") + p.type().javaName() + "[] "
                                + p.name()),
                        Html.text(p == m.output() ? "written" : "read"),
                        Html.link(HtmlPage.layoutId(name), Html.code(name)),
                        Html.code(layout.toString())));
            }
            List<List<Html>> nests = new ArrayList<>();
            for (GeneratedClass c : classes) {
                MethodPlan plan = c.plan().methods().get(i);
                nests.add(List.of(Html.code(c.name()), Html.code(plan.describe())));
                if (plan.hasVariants()) {
                    for (int k = 0; k < plan.variants().size(); k++) {
                        VariantPlan v = plan.variants().get(k);
                        nests.add(List.of(Html.text("variant " + k + ", " + v.name()), Html.code(v.describe())));
                    }
                }
            }
            page.section(methodIds.get(i), signature(m),
                    Html.paragraph(Html.text(annotation(m) + ": " + m.summary(name -> name) + ".")),
                    Html.table("operands", List.of("parameter", "access", "layout", "sizes, strides, buffer"), operands),
                    Html.table("nests", List.of("generated class", "loop nest"), nests));
        }
        return page.render();
    }

    /** {@code void normalize(byte[] pixels, float[] planar)}. */
    private static String signature(KernelMethod m) {
        List<String> params = new ArrayList<>();
        for (Param p : m.params()) {
            params.add(p.javaType() + " " + p.name());
        }
        return "void " + m.name() + "(" + String.join(", ", params) + ")";
    }

    private static String annotation(KernelMethod m) {
        if (m instanceof KernelMethod.Reorder) {
            return "@Reorder";
        }
        if (m instanceof KernelMethod.Slice) {
            return "@Slice";
        }
        if (m instanceof KernelMethod.Fill) {
            return "@Fill";
        }
        return m instanceof KernelMethod.Unary ? "@Unary" : "@Binary";
    }

    /** {@code kernel-normalize}; overloads get {@code -2}, {@code -3} in declaration order. */
    private static List<String> methodIds(KernelSet set) {
        Map<String, Integer> seen = new HashMap<>();
        List<String> ids = new ArrayList<>();
        for (KernelMethod m : set.methods()) {
            int n = seen.merge(m.name(), 1, Integer::sum);
            ids.add("kernel-" + m.name() + (n == 1 ? "" : "-" + n));
        }
        return ids;
    }

    /**
     * The layouts the set uses, in order of first use, each under one name: the declaring type's
     * ({@code ImageOps.Planar}), or for a layout no type declares its description and method
     * ({@code packed slice output (flip)}). Should two different layouts come under one name, the
     * second becomes {@code ... #2}.
     */
    private static final class Layouts {
        final Map<String, TensorLayout> order = new LinkedHashMap<>();
        /** Per method, per parameter: the name of its layout (null for a value). */
        private final List<List<String>> names = new ArrayList<>();

        Layouts(KernelSet set) {
            for (KernelMethod m : set.methods()) {
                List<String> perParam = new ArrayList<>();
                for (Param p : m.params()) {
                    perParam.add(p.tensor() ? name(m, m.layoutOf(p)) : null);
                }
                names.add(perParam);
            }
        }

        private String name(KernelMethod m, NamedLayout named) {
            String base = named.declaredAs().isEmpty() ? named.name() + " (" + m.name() + ")" : named.declaredAs();
            String candidate = base;
            for (int n = 2; order.containsKey(candidate) && !order.get(candidate).equals(named.layout()); n++) {
                candidate = base + " #" + n;
            }
            order.putIfAbsent(candidate, named.layout());
            return candidate;
        }

        String nameOf(int method, int param) {
            return names.get(method).get(param);
        }
    }
}
