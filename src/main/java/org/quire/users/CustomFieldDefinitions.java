package org.quire.users;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * folio-custom-fields' definition rules (validate/definition: CommonDefinitionValidator, NameValidator,
 * HelpTextValidator, *DefinitionValidator, SelectableFieldValidator, OptionSizeValidator, SingleDefaultValueValidator,
 * DisplayInAccordionValidator; limits from custom-fields-application.properties), with the library's messages. Pure
 * functions of one definition.
 */
final class CustomFieldDefinitions {
    static final Set<String> TYPES = Set.of("RADIO_BUTTON", "SINGLE_CHECKBOX", "SINGLE_SELECT_DROPDOWN",
            "MULTI_SELECT_DROPDOWN", "TEXTBOX_SHORT", "TEXTBOX_LONG", "DATE_PICKER", "LOOKUP");
    static final Set<String> SELECTABLE = Set.of("SINGLE_SELECT_DROPDOWN", "MULTI_SELECT_DROPDOWN", "RADIO_BUTTON");
    static final Set<String> FORMATS = Set.of("TEXT", "EMAIL", "URL", "NUMBER");
    private static final int NAME_LENGTH = 65;
    private static final int HELP_TEXT_LENGTH = 100;
    private static final int OPTION_LENGTH = 100;
    private static final int RADIO_OPTIONS = 5;
    private static final int DROPDOWN_OPTIONS = 200;

    private static final List<String> COMMON = List.of("id", "name", "refId", "type", "entityType", "visible",
            "required", "isRepeatable", "order", "helpText", "metadata", "displayInAccordion");
    private static final Map<String, String> TYPE_PROPERTY = Map.of("SINGLE_CHECKBOX", "checkboxField",
            "SINGLE_SELECT_DROPDOWN", "selectField", "MULTI_SELECT_DROPDOWN", "selectField", "RADIO_BUTTON",
            "selectField", "TEXTBOX_SHORT", "textField", "TEXTBOX_LONG", "textField", "LOOKUP", "lookupField");
    /** The properties a definition may have besides the common ones; any other non-null one is refused. */
    private static final List<String> TYPED = List.of("checkboxField", "selectField", "textField", "lookupField");
    /** DisplayInAccordionValidator: the accordions of the user record, for entity type "user". */
    private static final List<String> USER_ACCORDIONS = List.of("user_information", "extended_information",
            "contact_information", "default", "fees_fines", "loans", "requests");

    private CustomFieldDefinitions() {
    }

    /** Shape checks RMB's @Validate and Jackson make before the library runs: required properties, the type enum. */
    static List<String> missing(ObjectNode f) {
        List<String> missing = new ArrayList<>();
        for (String p : List.of("name", "type", "entityType")) {
            if (!f.hasNonNull(p)) missing.add(p);
        }
        return missing;
    }

    /**
     * An enum value the schema does not list (type, textField.fieldFormat, sortingOrder): RMB's Jackson cannot map
     * the body and answers 400 "Json content error …"; null when all are known.
     */
    static String badEnum(ObjectNode f) {
        String type = f.get("type").asText();
        if (!f.get("type").isTextual() || !TYPES.contains(type)) return enumError("CustomField$Type", type, TYPES);
        JsonNode format = f.path("textField").get("fieldFormat");
        if (format != null && !format.isNull() && !FORMATS.contains(format.asText())) {
            return enumError("TextField$FieldFormat", format.asText(), FORMATS);
        }
        JsonNode sorting = f.path("selectField").path("options").get("sortingOrder");
        if (sorting != null && !sorting.isNull() && !Set.of("ASC", "DESC", "CUSTOM").contains(sorting.asText())) {
            return enumError("SelectFieldOptions$SortingOrder", sorting.asText(), Set.of("ASC", "DESC", "CUSTOM"));
        }
        return null;
    }

    private static String enumError(String type, String value, Set<String> allowed) {
        return "Json content error Cannot construct instance of `org.folio.rest.jaxrs.model." + type + "`, problem: "
                + value + " (allowed: " + new java.util.TreeSet<>(allowed) + ")";
    }

    static void validate(ObjectNode f) {
        String type = f.get("type").asText();
        String name = f.get("name").asText();
        if (name.length() > NAME_LENGTH) {
            throw new CustomFieldRefusal("The 'name' length cannot be more than " + NAME_LENGTH);
        }
        if (f.hasNonNull("helpText") && f.get("helpText").asText().length() > HELP_TEXT_LENGTH) {
            throw new CustomFieldRefusal("The 'helpText' length cannot be more than " + HELP_TEXT_LENGTH);
        }
        String own = TYPE_PROPERTY.get(type);
        for (String p : TYPED) {
            if (!p.equals(own) && f.hasNonNull(p)) {
                List<String> allowed = new ArrayList<>(COMMON);
                if (own != null) allowed.add(own);
                throw new CustomFieldRefusal("Attribute " + p + " is not allowed, following attributes are allowed "
                        + "for field of type " + type + " : " + allowed);
            }
        }
        if (SELECTABLE.contains(type)) validateSelect(f, type);
        if (f.hasNonNull("displayInAccordion")) {
            String value = f.get("displayInAccordion").asText();
            String entityType = f.get("entityType").asText();
            List<String> allowed = "user".equals(entityType) ? USER_ACCORDIONS : List.of();
            if (!allowed.contains(value)) {
                throw new CustomFieldRefusal("'" + value + "' value is not allowed for displayInAccordion, only the "
                        + "following values are allowed for entity type '" + entityType + "': " + allowed);
            }
        }
    }

    private static void validateSelect(ObjectNode f, String type) {
        JsonNode select = f.get("selectField");
        if (select == null || !select.isObject()) throw new CustomFieldRefusal("The 'selectField' property should be defined");
        JsonNode values = select.path("options").get("values");
        if (values == null || values.isNull()) throw new CustomFieldRefusal("The 'values' property should not be null");
        int max = type.equals("MULTI_SELECT_DROPDOWN") || type.equals("SINGLE_SELECT_DROPDOWN") ? DROPDOWN_OPTIONS
                : RADIO_OPTIONS;
        if (!values.isArray() || values.isEmpty() || values.size() > max) {
            throw new CustomFieldRefusal("The options amount should be in range 1 - " + max);
        }
        Set<String> texts = new HashSet<>();
        Set<String> ids = new HashSet<>();
        int defaults = 0;
        for (JsonNode o : values) {
            if (o == null || !o.isObject()) throw new CustomFieldRefusal("Option should not be null");
            String value = o.path("value").asText("");
            if (value.isBlank() || value.length() > OPTION_LENGTH) {
                throw new CustomFieldRefusal("The option value cannot be blank or have more than " + OPTION_LENGTH
                        + " length");
            }
            if (!texts.add(value)) throw new CustomFieldRefusal("Option values should be unique");
            if (o.hasNonNull("id")) {
                if (!o.get("id").asText().matches("opt_\\d+")) {
                    throw new CustomFieldRefusal("must match \"opt_\\d+\"", "id", o.get("id").asText());
                }
                if (!ids.add(o.get("id").asText())) throw new CustomFieldRefusal("Option IDs should be unique");
            }
            if (o.path("default").asBoolean(false)) defaults++;
        }
        boolean multi = type.equals("MULTI_SELECT_DROPDOWN");
        if (!multi && defaults > 1) throw new CustomFieldRefusal("The max defaults amount is 1");
        if (select.path("multiSelect").isBoolean() ? select.get("multiSelect").asBoolean() != multi : multi) {
            throw new CustomFieldRefusal("The 'multiSelect' property should be '" + multi + "'");
        }
    }

    /**
     * The refId stem from a name (CustomFieldsServiceImpl.unAccentName): words capitalized, accents and anything
     * but letters and spaces dropped, spaces removed, the first letter lower-cased: "Dept. Name" → "deptName".
     */
    static String refIdStem(String name) {
        StringBuilder capitalized = new StringBuilder();
        boolean start = true;
        for (char ch : name.toCharArray()) {
            capitalized.append(start ? Character.toTitleCase(ch) : Character.toLowerCase(ch));
            start = Character.isWhitespace(ch);
        }
        String s = java.text.Normalizer.normalize(capitalized, java.text.Normalizer.Form.NFD)
                .replaceAll("\\p{InCombiningDiacriticalMarks}+", "")
                .replaceAll("[^a-zA-Z\\s]", "")
                .replaceAll("\\s+", "");
        return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }

    /** The next refId for a stem given the refIds taken (CustomFieldsRepositoryImpl.maxRefId, getCustomFieldRefId). */
    static String nextRefId(String stem, List<String> taken) {
        int max = 0;
        for (String r : taken) {
            if (!r.matches(java.util.regex.Pattern.quote(stem) + "(_([2-9]|[1-9]\\d+))?")) continue;
            int n = r.equals(stem) ? 1 : Integer.parseInt(r.substring(stem.length() + 1));
            max = Math.max(max, n);
        }
        return stem + (max < 1 ? "" : "_" + (max + 1));
    }

    /**
     * Options without an id get "opt_&lt;n&gt;" after the highest existing one, and are sorted by value when the
     * definition asks for ASC or DESC (CustomFieldsServiceImpl.generateOptionIds, sortOptions).
     */
    static void prepareOptions(ObjectNode f) {
        JsonNode options = f.path("selectField").path("options");
        if (!(options.get("values") instanceof com.fasterxml.jackson.databind.node.ArrayNode values)) return;
        String order = options.path("sortingOrder").asText("");
        if (order.equals("ASC") || order.equals("DESC")) {
            List<JsonNode> sorted = new ArrayList<>();
            values.forEach(sorted::add);
            sorted.sort((a, b) -> a.path("value").asText().compareTo(b.path("value").asText()));
            if (order.equals("DESC")) java.util.Collections.reverse(sorted);
            values.removeAll();
            values.addAll(sorted);
        }
        int max = 0;
        for (JsonNode o : values) {
            if (o.hasNonNull("id")) max = Math.max(max, Integer.parseInt(o.get("id").asText().substring(4)));
        }
        for (Iterator<JsonNode> it = values.elements(); it.hasNext(); ) {
            ObjectNode o = (ObjectNode) it.next();
            if (!o.hasNonNull("id") || o.get("id").asText().isBlank()) o.put("id", "opt_" + ++max);
        }
    }

    static List<String> optionIds(JsonNode f) {
        List<String> ids = new ArrayList<>();
        for (JsonNode o : f.path("selectField").path("options").path("values")) ids.add(o.path("id").asText());
        return ids;
    }
}
