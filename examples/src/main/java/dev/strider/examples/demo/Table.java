package dev.strider.examples.demo;

import java.util.ArrayList;
import java.util.List;

/** A plain-text table: a header, rows, columns as wide as their widest cell. */
final class Table {

    private final boolean[] rightAligned;
    private final List<String[]> rows = new ArrayList<>();

    /** @param header the column titles; a title starting with '>' is right-aligned (the '>' is dropped) */
    Table(String... header) {
        rightAligned = new boolean[header.length];
        String[] titles = new String[header.length];
        for (int i = 0; i < header.length; i++) {
            rightAligned[i] = header[i].startsWith(">");
            titles[i] = rightAligned[i] ? header[i].substring(1) : header[i];
        }
        rows.add(titles);
    }

    Table row(String... cells) {
        if (cells.length != rightAligned.length) {
            throw new IllegalArgumentException(cells.length + " cells in a table of " + rightAligned.length + " columns");
        }
        rows.add(cells.clone());
        return this;
    }

    /** The lines of the table, each starting with {@code indent}, none with trailing blanks. */
    String render(String indent) {
        int[] widths = new int[rightAligned.length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder(indent);
            for (int i = 0; i < row.length; i++) {
                String pad = " ".repeat(widths[i] - row[i].length());
                line.append(i == 0 ? "" : "  ").append(rightAligned[i] ? pad + row[i] : row[i] + pad);
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
        return sb.toString();
    }
}
