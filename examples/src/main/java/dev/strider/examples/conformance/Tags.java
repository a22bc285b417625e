package dev.strider.examples.conformance;

/**
 * benchdnn's format tag handling ({@code tests/benchdnn/dnn_types.cpp}): {@link #normalize}
 * turns every spelling benchdnn accepts into oneDNN's abstract letters, as {@code normalize_tag}
 * does, and {@link #check} is its {@code check_tag} grammar.
 *
 * <ul>
 *   <li>meta-tags with {@code x} expand {@code x} into as many spatial letters as the problem
 *       has: {@code abx} on 4 dims is {@code abcd}, on 2 dims {@code ab}; {@code aBx16b} on 5 dims
 *       {@code aBcde16b}; {@code xba} on 4 dims {@code cdba}; grouped ones start after their last
 *       letter ({@code xcab} on 5 dims is {@code decab});</li>
 *   <li>named tags map to letters by position: {@code nchw} is {@code abcd}, {@code nhwc}
 *       {@code acdb}, {@code OIhw16i16o} {@code ABcd16b16a}, {@code gOIhw16i16o}
 *       {@code aBCde16c16b} (upper-case letters of {@code GOIdhw}, {@code OIdhw}, {@code NCdhw},
 *       {@code TNc}, {@code LDNC}, {@code LDigO} must all be present, lower-case ones may be);</li>
 *   <li>abstract tags ({@code aBcd16b}) and {@code any} stay as they are.</li>
 * </ul>
 */
public final class Tags {

    /** oneDNN's {@code DNNL_MAX_NDIMS}. */
    static final int MAX_NDIMS = 12;

    private static final String[] LOGICAL_TAGS = {"GOIdhw", "OIdhw", "NCdhw", "TNc", "LDNC", "LDigO"};

    private Tags() {
    }

    /**
     * {@code normalize_tag(tag, ndims)}; {@code ndims} -1 leaves meta-tags at their smallest
     * rank (as benchdnn checks a tag before it knows the problem).
     */
    public static String normalize(String tag, int ndims) {
        if (tag.equals("undef") || tag.equals("any") || ndims == 0) {
            return tag;
        }
        if (tag.equals("x")) {
            return "a";
        }
        int pos = tag.indexOf('x');
        if (pos >= 0) {
            // Non-grouped tags start x from c, grouped ones (xcab) after their last letter.
            char startX = 'c';
            for (char c = (char) ('a' + MAX_NDIMS - 1); c >= 'b'; c--) {
                if (tag.indexOf(c) >= 0) {
                    startX = (char) (c + 1);
                    break;
                }
            }
            int metaNdims = ndims == -1 ? startX - 'a' + 1 : ndims;
            StringBuilder tail = new StringBuilder();
            for (int i = 0; i < metaNdims - (startX - 'a'); i++) {
                tail.append((char) (startX + i));
            }
            String expanded = tag.substring(0, pos) + tail + tag.substring(pos + 1);
            return trimByMask(expanded, (1 << metaNdims) - 1);
        }
        return mapLetters(tag);
    }

    /**
     * {@code check_tag(tag, false)}: the tag, normalized, is well formed: letters from {@code a}
     * without gaps, each dim once as a plain or upper-case letter, inner blocks (number and
     * lower-case letter) only after it and only for upper-case dims. It does not check
     * membership in oneDNN's {@code dnnl_format_tag_t} enumeration, which benchdnn adds unless
     * {@code --allow-enum-tags-only=0}.
     */
    public static boolean check(String tag) {
        String t = normalize(tag, -1);
        if (t.equals("undef") || t.equals("any")) {
            return true;
        }
        if (t.isEmpty() || !isAbcTag(t)) {
            return false;
        }
        final int undef = 0;
        final int upper = 1;
        final int lower = 2;
        final int lowerWithBlock = 3;
        int[] states = new int[MAX_NDIMS];
        boolean inInnerBlock = false;
        int i = 0;
        while (i < t.length()) {
            int start = i;
            while (i < t.length() && Character.isDigit(t.charAt(i))) {
                i++;
            }
            long block = 0;
            if (i > start) {
                try {
                    block = Long.parseLong(t.substring(start, i));
                } catch (NumberFormatException e) {
                    return false;
                }
                if (block == 0) {
                    return false;
                }
                inInnerBlock = true;
            }
            if (i == t.length()) {
                return false;
            }
            char c = t.charAt(i);
            boolean isLower = c >= 'a' && c < 'a' + MAX_NDIMS;
            boolean isUpper = c >= 'A' && c < 'A' + MAX_NDIMS;
            if (!isLower && !isUpper || isUpper && block != 0 || block == 0 && inInnerBlock) {
                return false;
            }
            int dim = Character.toLowerCase(c) - 'a';
            int previous = states[dim];
            int current = isUpper ? upper : block != 0 ? lowerWithBlock : lower;
            if (current == lowerWithBlock) {
                if (previous != upper && previous != lowerWithBlock) {
                    return false;
                }
            } else if (previous != undef) {
                return false;
            }
            states[dim] = current;
            i++;
        }
        for (int d = 0; d < MAX_NDIMS; d++) {
            if (states[d] == upper) {
                return false;
            }
            if (states[d] == undef) {
                for (int j = d + 1; j < MAX_NDIMS; j++) {
                    if (states[j] != undef) {
                        return false;
                    }
                }
                break;
            }
        }
        return true;
    }

    private static boolean isAbcTag(String tag) {
        boolean[] mask = new boolean[MAX_NDIMS];
        for (char c : tag.toCharArray()) {
            if (!Character.isLetter(c)) {
                continue;
            }
            int idx = Character.toLowerCase(c) - 'a';
            if (idx < 0 || idx >= MAX_NDIMS) {
                return false;
            }
            mask[idx] = true;
        }
        for (int i = 0; i < MAX_NDIMS; i++) {
            if (!mask[i]) {
                for (int j = i + 1; j < MAX_NDIMS; j++) {
                    if (mask[j]) {
                        return false;
                    }
                }
                break;
            }
        }
        return true;
    }

    /** {@code trim_tag_by_mask}: drops the dims outside {@code mask} (with their blocks) and renumbers the rest. */
    static String trimByMask(String tag, int mask) {
        String trimmed = tag;
        int saved = 0;
        for (int d = 0; d < MAX_NDIMS; d++) {
            char c = (char) ('a' + d);
            if ((mask & (1 << d)) == 0) {
                trimmed = trimLetter(trimmed, c);
                trimmed = trimLetter(trimmed, Character.toUpperCase(c));
            } else {
                saved++;
            }
        }
        int maskCopy = mask;
        StringBuilder sb = new StringBuilder(trimmed);
        for (int i = 0; i < saved; i++) {
            int distToA = 0;
            while (maskCopy % 2 == 0) {
                maskCopy /= 2;
                distToA++;
            }
            maskCopy /= 2;
            if (distToA == 0) {
                continue;
            }
            for (int j = 0; j < sb.length(); j++) {
                char ch = sb.charAt(j);
                if (Character.isLetter(ch) && Character.toLowerCase(ch) > 'a' + i) {
                    sb.setCharAt(j, (char) (ch - distToA));
                }
            }
        }
        return sb.toString();
    }

    /** {@code trim_letter}: removes every {@code c} and the block size written before it. */
    private static String trimLetter(String tag, char c) {
        StringBuilder sb = new StringBuilder(tag);
        for (int pos = sb.indexOf(String.valueOf(c)); pos >= 0; pos = sb.indexOf(String.valueOf(c))) {
            sb.deleteCharAt(pos);
            if (pos == 0) {
                return sb.toString();
            }
            pos--;
            while (pos >= 0 && Character.isDigit(sb.charAt(pos))) {
                sb.deleteCharAt(pos);
                if (pos == 0) {
                    break;
                }
                pos--;
            }
        }
        return sb.toString();
    }

    /** {@code map_tag_letters}: a named tag ({@code nhwc}, {@code gOIhw16i16o}) in abstract letters. */
    private static String mapLetters(String tag) {
        String mapped = null;
        for (String logical : LOGICAL_TAGS) {
            String m = tryMap(logical, tag);
            if (m != null) {
                if (mapped != null) {
                    throw new IllegalArgumentException("tag \"" + tag + "\" is ambiguous");
                }
                mapped = m;
            }
        }
        return mapped == null ? tag : mapped;
    }

    private static String tryMap(String logical, String tag) {
        for (char c : logical.toCharArray()) {
            if (Character.isUpperCase(c) && tag.indexOf(Character.toLowerCase(c)) < 0) {
                return null;
            }
        }
        int[] indices = new int[MAX_NDIMS];
        for (char c : tag.toCharArray()) {
            if (!Character.isLetter(c)) {
                continue;
            }
            int pos = positionIn(logical, c);
            if (pos < 0) {
                return null;
            }
            indices[pos] = 1;
        }
        for (int i = 0, idx = 0; i < logical.length(); i++) {
            if (indices[i] != 0) {
                indices[i] = idx++;
            }
        }
        StringBuilder sb = new StringBuilder(tag);
        for (int i = 0; i < sb.length(); i++) {
            char c = sb.charAt(i);
            if (Character.isLetter(c)) {
                sb.setCharAt(i, (char) (c - Character.toLowerCase(c) + 'a' + indices[positionIn(logical, c)]));
            }
        }
        return sb.toString();
    }

    private static int positionIn(String logical, char c) {
        int lower = logical.indexOf(Character.toLowerCase(c));
        return lower >= 0 ? lower : logical.indexOf(Character.toUpperCase(c));
    }
}
