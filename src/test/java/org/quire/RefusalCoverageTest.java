package org.quire;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 11's rule "every refusal message and code in circulation/, feesfines/ and users/ is asserted by at least one
 * test", held by a scan of the sources: each refusal code and the literal text of each refusal message written in
 * those packages must appear in some file under src/test/java. It finds:
 * <ul>
 * <li>codes: string literals that are wholly FOLIO-style codes ({@code "ITEM_HAS_OPEN_LOAN"}), and the constants of
 *     enums whose name says they hold codes ({@code *Code*}, {@code *Error*}, {@code *Refusal*}), should codes become
 *     an enum;</li>
 * <li>messages: the first argument of the calls that build a refusal ({@code Refusal.of(}, {@code new Refusal(},
 *     {@code Refused.because(}, {@code …errors.add(}, {@code ApiException.unprocessable(}, {@code ValidationError.of(},
 *     the modules' own refusal exceptions, and the helpers listed in {@link #MESSAGE_ARGUMENT}), possibly on the next
 *     line. Its string-literal parts are split at format specifiers ({@code %s}) and at {@code +}; every part of at
 *     least {@link #MIN_PART} characters must appear in a test. A message held in a constant of the same file
 *     ({@code DUPLICATE}) is looked up.</li>
 * </ul>
 * A message assembled elsewhere (a patron block's own text, an exception's message) is data, not a literal here.
 */
class RefusalCoverageTest {
    static final List<String> PACKAGES = List.of("circulation", "feesfines", "users");
    static final Path MAIN = Path.of("src/main/java/org/quire");
    static final Path TESTS = Path.of("src/test/java");
    static final int MIN_PART = 4;

    static final Pattern CODE = Pattern.compile("^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$");
    static final Pattern STRING = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"");

    /** Calls whose argument at this index (0-based) is a refusal's message. */
    static final Map<String, Integer> MESSAGE_ARGUMENT = Map.ofEntries(
            Map.entry("Refusal.of", 0), Map.entry("new Refusal", 0), Map.entry("Refused.because", 0),
            Map.entry("errors.add", 0), Map.entry("Errors.add", 0), Map.entry("refusals.add", 0),
            Map.entry("ApiException.unprocessable", 0), Map.entry("ValidationError.of", 0),
            Map.entry("new ValidationError", 0), Map.entry("new CustomFieldRefusal", 0),
            // feesfines' refusal: (status, message)
            Map.entry("new ActionRefused", 1),
            // the modules' helpers that take a message: CirculationApi.requireBody(body, field, message),
            // RequestService.uuid(body, field, missing), PatronBlockValidation.invalid(key, value, message)
            Map.entry("requireBody", 2), Map.entry("uuid", 2), Map.entry("invalid", 2));
    static final Pattern CALL = Pattern.compile("(new\\s+\\w+|[\\w.]+)\\s*\\(");

    /**
     * Literals that look like codes but are not refusal codes, each with its reason. Keep it short: a new refusal
     * code belongs in a test, not here.
     */
    static final Map<String, String> NOT_REFUSAL_CODES = Map.ofEntries(
            // loan policy vocabulary (FOLIO's loan-policy.json): renewFromId and closedLibraryDueDateManagementId
            Map.entry("SYSTEM_DATE", "renewFromId value"),
            Map.entry("CURRENT_DUE_DATE", "renewFromId value"),
            Map.entry("CURRENT_DUE_DATE_TIME", "closed library due date management value"),
            Map.entry("END_OF_THE_PREVIOUS_OPEN_DAY", "closed library due date management value"),
            Map.entry("END_OF_THE_NEXT_OPEN_DAY", "closed library due date management value"),
            Map.entry("END_OF_THE_CURRENT_SERVICE_POINT_HOURS", "closed library due date management value"),
            Map.entry("BEGINNING_OF_THE_NEXT_OPEN_SERVICE_POINT_HOURS", "closed library due date management value"),
            // service point hold shelf closed library date management (service-point.json)
            Map.entry("MOVE_TO_THE_END_OF_THE_PREVIOUS_OPEN_DAY", "hold shelf closed library value"),
            Map.entry("MOVE_TO_THE_END_OF_THE_NEXT_OPEN_DAY", "hold shelf closed library value"),
            Map.entry("MOVE_TO_END_OF_CURRENT_SERVICE_POINT_HOURS", "hold shelf closed library value"),
            Map.entry("MOVE_TO_BEGINNING_OF_NEXT_OPEN_SERVICE_POINT_HOURS", "hold shelf closed library value"),
            // the circulation rules lexer's token names
            Map.entry("CRITERIUM_LETTER", "rules token type"),
            Map.entry("POLICY_TYPE", "rules token type"),
            // folio-custom-fields' field types (customField.json)
            Map.entry("RADIO_BUTTON", "custom field type"),
            Map.entry("SINGLE_CHECKBOX", "custom field type"),
            Map.entry("SINGLE_SELECT_DROPDOWN", "custom field type"),
            Map.entry("MULTI_SELECT_DROPDOWN", "custom field type"),
            Map.entry("TEXTBOX_SHORT", "custom field type"),
            Map.entry("TEXTBOX_LONG", "custom field type"),
            Map.entry("DATE_PICKER", "custom field type"),
            // mod-users' profile picture configuration name
            Map.entry("PROFILE_PICTURE_CONFIG", "configuration name"));

    @Test
    void everyRefusalCodeAndMessage_isInSomeTest() throws IOException {
        String tests = allTests();
        Set<String> missing = new TreeSet<>();
        for (Path file : mainFiles()) {
            String src = Files.readString(file);
            String where = MAIN.relativize(file).toString();
            for (String code : codes(src)) {
                if (!NOT_REFUSAL_CODES.containsKey(code) && !tests.contains("\"" + code + "\""))
                    missing.add("code " + code + " (" + where + ")");
            }
            for (String part : messageParts(src)) {
                if (!tests.contains(part)) missing.add("message \"" + part + "\" (" + where + ")");
            }
        }
        assertThat(missing).as("refusal codes and messages that no test under src/test/java names").isEmpty();
    }

    /** The scan itself finds what it should: a guard against a scan that silently finds nothing. */
    @Test
    void scanFindsTheKnownForms() {
        String src = """
                errors.add("Item is already checked out", "ITEM_ALREADY_CHECKED_OUT", "itemBarcode", b);
                throw Refused.because(
                        "No item with barcode " + barcode + " could be found", "ITEM_BARCODE_NOT_FOUND", null, null);
                policyErrors.add(Refusal.of("%s requests are not allowed", "REQUEST_NOT_ALLOWED_BY_POLICY", "t", t));
                throw new ActionRefused(422, "Fee/fine is already closed");
                static final String DUPLICATE = "Request preference for specified user already exists";
                throw ApiException.unprocessable(DUPLICATE, null, "userId", id);
                enum RefusalCode { ITEM_HAS_OPEN_LOAN, USER_IS_INACTIVE }
                """;
        assertThat(codes(src)).contains("ITEM_ALREADY_CHECKED_OUT", "ITEM_BARCODE_NOT_FOUND",
                "REQUEST_NOT_ALLOWED_BY_POLICY", "ITEM_HAS_OPEN_LOAN", "USER_IS_INACTIVE");
        assertThat(messageParts(src)).contains("Item is already checked out", "No item with barcode ", " could be found",
                " requests are not allowed", "Fee/fine is already closed",
                "Request preference for specified user already exists");
    }

    static List<Path> mainFiles() throws IOException {
        List<Path> files = new ArrayList<>();
        for (String p : PACKAGES) {
            try (Stream<Path> walk = Files.walk(MAIN.resolve(p))) {
                walk.filter(f -> f.toString().endsWith(".java")).sorted().forEach(files::add);
            }
        }
        assertThat(files).as("sources under " + MAIN.toAbsolutePath()).isNotEmpty();
        return files;
    }

    static String allTests() throws IOException {
        StringBuilder all = new StringBuilder();
        try (Stream<Path> walk = Files.walk(TESTS)) {
            walk.filter(f -> f.toString().endsWith(".java")).filter(f -> !f.endsWith("RefusalCoverageTest.java"))
                    .forEach(f -> {
                        try {
                            // as written, and with "a " + "b" (a message over two lines) joined into "a b"
                            String text = Files.readString(f);
                            all.append(unescape(text)).append('\n')
                                    .append(unescape(text.replaceAll("\"\\s*\\+\\s*\"", ""))).append('\n');
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    });
        }
        return all.toString();
    }

    /** Code literals, and the constants of enums named for codes. */
    static Set<String> codes(String src) {
        Set<String> codes = new TreeSet<>();
        Matcher m = STRING.matcher(src);
        while (m.find()) if (CODE.matcher(m.group(1)).matches()) codes.add(m.group(1));
        Matcher e = Pattern.compile("enum\\s+(\\w*(?:Code|Error|Refusal)\\w*)\\s*(?:implements[^{]*)?\\{([^;}]*)").matcher(src);
        while (e.find()) {
            for (String constant : e.group(2).split(",")) {
                String name = constant.trim().replaceAll("\\(.*", "").trim();
                if (CODE.matcher(name).matches()) codes.add(name);
            }
        }
        return codes;
    }

    /** The literal parts of every refusal message in {@code src}, unescaped. */
    static Set<String> messageParts(String src) {
        Set<String> parts = new TreeSet<>();
        Matcher m = CALL.matcher(src);
        while (m.find()) {
            String name = m.group(1).replaceAll("\\s+", " ");
            Integer index = argumentIndex(name);
            if (index == null) continue;
            List<String> args = arguments(src, m.end());
            if (args.size() <= index) continue;
            String arg = args.get(index).strip();
            if (arg.matches("[A-Z][A-Z0-9_]*")) arg = constant(src, arg);
            if (arg == null || !arg.startsWith("\"")) continue;
            for (String run : literalRuns(arg)) {
                for (String piece : run.split("%[sd]")) {
                    if (piece.strip().length() >= MIN_PART) parts.add(piece);
                }
            }
        }
        return parts;
    }

    /**
     * The texts of an expression's top-level string literals, those joined by {@code +} as one: {@code "a" + "b" + x
     * + "c"} gives "ab" and "c". Literals inside parentheses (arguments of {@code formatted}, {@code join} …) are not
     * the message's text.
     */
    static List<String> literalRuns(String expr) {
        List<String> runs = new ArrayList<>();
        StringBuilder run = null;
        int depth = 0;
        for (int i = 0; i < expr.length(); i++) {
            char ch = expr.charAt(i);
            if (ch == '"' || ch == '\'') {
                int start = ++i;
                while (i < expr.length() && expr.charAt(i) != ch) i += expr.charAt(i) == '\\' ? 2 : 1;
                if (ch == '"' && depth == 0) {
                    if (run == null) run = new StringBuilder();
                    run.append(unescape(expr.substring(start, i)));
                }
            } else if (ch == '(' || ch == '[' || ch == '{') {
                depth++;
            } else if (ch == ')' || ch == ']' || ch == '}') {
                depth--;
            } else if (depth == 0 && ch != '+' && !Character.isWhitespace(ch) && run != null) {
                runs.add(run.toString());
                run = null;
            }
        }
        if (run != null) runs.add(run.toString());
        return runs;
    }

    static Integer argumentIndex(String call) {
        for (Map.Entry<String, Integer> e : MESSAGE_ARGUMENT.entrySet()) {
            String k = e.getKey();
            if (call.equals(k) || (!k.startsWith("new ") && call.endsWith("." + k)) || (k.endsWith("Errors.add")
                    && call.endsWith(k)) || (k.equals("errors.add") && call.endsWith("errors.add"))) return e.getValue();
        }
        return null;
    }

    /** The value of {@code static final String NAME = "…";} in the same file, as a literal, or null. */
    static String constant(String src, String name) {
        Matcher c = Pattern.compile("String\\s+" + name + "\\s*=\\s*(\"(?:[^\"\\\\\\n]|\\\\.)*\")\\s*;").matcher(src);
        return c.find() ? c.group(1) : null;
    }

    /** The top-level arguments of the call whose parenthesis opened just before {@code from}. */
    static List<String> arguments(String src, int from) {
        List<String> args = new ArrayList<>();
        int depth = 0, start = from;
        for (int i = from; i < src.length(); i++) {
            char ch = src.charAt(i);
            if (ch == '"') {
                i++;
                while (i < src.length() && src.charAt(i) != '"') i += src.charAt(i) == '\\' ? 2 : 1;
            } else if (ch == '\'') {
                i++;
                while (i < src.length() && src.charAt(i) != '\'') i += src.charAt(i) == '\\' ? 2 : 1;
            } else if (ch == '(' || ch == '[' || ch == '{') {
                depth++;
            } else if (ch == ')' || ch == ']' || ch == '}') {
                if (depth == 0) {
                    args.add(src.substring(start, i));
                    return args;
                }
                depth--;
            } else if (ch == ',' && depth == 0) {
                args.add(src.substring(start, i));
                start = i + 1;
            }
        }
        return args;
    }

    /** Java's escapes \" \\ \n as the text they stand for, so a test's literal and a message compare as text. */
    static String unescape(String s) {
        return s.replace("\\\"", "\"").replace("\\n", "\n").replace("\\\\", "\\");
    }
}
