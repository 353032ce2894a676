package org.quire.notices;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The Mustache that FOLIO's notice templates use (mod-template-engine's {@code templateResolver: "mustache"}):
 * {@code {{a.b}}} HTML-escaped, {@code {{{a.b}}}} and {@code {{& a.b}}} raw, sections {@code {{#loans}}…{{/loans}}}
 * (once per list element, once for an object or a true value, with it on top of the context stack), inverted
 * sections {@code {{^a}}…{{/a}}}, comments {@code {{! …}}} and {@code {{.}}}. A name that resolves to nothing renders
 * empty, as in FOLIO. Not supported: partials, lambdas, set delimiters, standalone-line whitespace trimming.
 */
public final class Mustache {
    private sealed interface Node permits Text, Var, Section {
    }

    private record Text(String text) implements Node {
    }

    private record Var(String name, boolean escape) implements Node {
    }

    private record Section(String name, boolean inverted, List<Node> children) implements Node {
    }

    private Mustache() {
    }

    /** Renders {@code template} against {@code context}; IllegalArgumentException for an unbalanced template. */
    public static String render(String template, JsonNode context) {
        if (template == null) return "";
        StringBuilder out = new StringBuilder(template.length() + 64);
        Deque<JsonNode> stack = new ArrayDeque<>();
        stack.push(context);
        render(parse(template), stack, out);
        return out.toString();
    }

    private static List<Node> parse(String t) {
        Deque<Section> open = new ArrayDeque<>();
        Deque<List<Node>> lists = new ArrayDeque<>();
        lists.push(new ArrayList<>());
        int i = 0;
        while (i < t.length()) {
            int start = t.indexOf("{{", i);
            if (start < 0) {
                lists.peek().add(new Text(t.substring(i)));
                break;
            }
            if (start > i) lists.peek().add(new Text(t.substring(i, start)));
            boolean triple = t.startsWith("{{{", start);
            String close = triple ? "}}}" : "}}";
            int end = t.indexOf(close, start + (triple ? 3 : 2));
            if (end < 0) throw new IllegalArgumentException("Unclosed tag at character " + start);
            String tag = t.substring(start + (triple ? 3 : 2), end).trim();
            i = end + close.length();
            if (triple) {
                lists.peek().add(new Var(tag, false));
                continue;
            }
            char kind = tag.isEmpty() ? ' ' : tag.charAt(0);
            String name = kind == '#' || kind == '^' || kind == '/' || kind == '!' || kind == '&'
                    ? tag.substring(1).trim() : tag;
            switch (kind) {
                case '!' -> { }
                case '&' -> lists.peek().add(new Var(name, false));
                case '#', '^' -> {
                    Section s = new Section(name, kind == '^', new ArrayList<>());
                    lists.peek().add(s);
                    open.push(s);
                    lists.push(s.children());
                }
                case '/' -> {
                    if (open.isEmpty() || !open.peek().name().equals(name))
                        throw new IllegalArgumentException("Unexpected {{/" + name + "}}");
                    open.pop();
                    lists.pop();
                }
                default -> lists.peek().add(new Var(name, true));
            }
        }
        if (!open.isEmpty()) throw new IllegalArgumentException("Unclosed section {{#" + open.peek().name() + "}}");
        return lists.peek();
    }

    private static void render(List<Node> nodes, Deque<JsonNode> stack, StringBuilder out) {
        for (Node n : nodes) {
            switch (n) {
                case Text t -> out.append(t.text());
                case Var v -> {
                    String s = scalar(lookup(v.name(), stack));
                    out.append(v.escape() ? escape(s) : s);
                }
                case Section s -> {
                    JsonNode value = lookup(s.name(), stack);
                    boolean truthy = truthy(value);
                    if (s.inverted()) {
                        if (!truthy) render(s.children(), stack, out);
                    } else if (truthy && value.isArray()) {
                        for (JsonNode element : value) {
                            stack.push(element);
                            render(s.children(), stack, out);
                            stack.pop();
                        }
                    } else if (truthy) {
                        stack.push(value);
                        render(s.children(), stack, out);
                        stack.pop();
                    }
                }
            }
        }
    }

    /** The first context on the stack that has the name's first part, then down its dotted path. */
    private static JsonNode lookup(String name, Deque<JsonNode> stack) {
        if (name.equals(".")) return stack.peek();
        String[] parts = name.split("\\.");
        JsonNode found = null;
        for (JsonNode ctx : stack) {
            if (ctx != null && ctx.isObject() && ctx.has(parts[0])) {
                found = ctx.get(parts[0]);
                break;
            }
        }
        for (int p = 1; p < parts.length && found != null; p++) found = found.get(parts[p]);
        return found;
    }

    private static boolean truthy(JsonNode v) {
        if (v == null || v.isNull() || v.isMissingNode()) return false;
        if (v.isBoolean()) return v.asBoolean();
        if (v.isArray()) return !v.isEmpty();
        if (v.isTextual()) return !v.asText().isEmpty();
        return true;
    }

    private static String scalar(JsonNode v) {
        return v == null || v.isNull() || v.isMissingNode() || v.isContainerNode() ? "" : v.asText();
    }

    static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (char ch : s.toCharArray()) {
            switch (ch) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(ch);
            }
        }
        return b.toString();
    }
}
