package dev.strider.processor.model;

import java.util.List;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;

/** The five kernel annotations and the parameters each expects, in order. */
enum KernelKind {
    REORDER("Reorder", "S", new Role("src", true), new Role("dst", true)),
    SLICE("Slice", "T", new Role("src", true), new Role("dst", true)),
    FILL("Fill", "T", new Role("dst", true), new Role("value", false)),
    UNARY("Unary", "T", new Role("in", true), new Role("out", true)),
    BINARY("Binary", "T", new Role("a", true), new Role("b", true), new Role("out", true));

    /** One expected parameter: a tensor (an array, buffer or segment) or a scalar value. */
    record Role(String name, boolean tensor) {
    }

    private final String simpleName;
    private final String typeVariable;
    private final List<Role> roles;

    KernelKind(String simpleName, String typeVariable, Role... roles) {
        this.simpleName = simpleName;
        this.typeVariable = typeVariable;
        this.roles = List.of(roles);
    }

    /** {@code Reorder}. */
    String simpleName() {
        return simpleName;
    }

    String qualifiedName() {
        return "dev.strider." + simpleName;
    }

    List<Role> roles() {
        return roles;
    }

    /** True when the kernel computes on its elements' values (unary and binary ops): no narrow floats (bf16, f16, f8) there. */
    boolean arithmetic() {
        return this == UNARY || this == BINARY;
    }

    /** True when all parameters must have one element type (all but a converting reorder). */
    boolean oneElementType() {
        return this != REORDER;
    }

    /** The expected parameter list: {@code (S[] src, D[] dst)}, {@code (T[] dst, T value)}. */
    String signature() {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < roles.size(); i++) {
            Role r = roles.get(i);
            String t = this == REORDER && i == 1 ? "D" : typeVariable;
            sb.append(i == 0 ? "" : ", ").append(t).append(r.tensor() ? "[] " : " ").append(r.name());
        }
        return sb.append(')').toString();
    }

    static Optional<KernelKind> of(AnnotationMirror mirror) {
        String name = AnnotationReader.qualifiedName(mirror);
        for (KernelKind k : values()) {
            if (k.qualifiedName().equals(name)) {
                return Optional.of(k);
            }
        }
        return Optional.empty();
    }
}
