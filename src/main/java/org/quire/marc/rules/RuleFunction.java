package org.quire.marc.rules;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;
import java.util.regex.Pattern;
import org.marc4j.marc.DataField;
import org.marc4j.marc.Subfield;

/**
 * FOLIO's normalization functions, by the names the rules use ({@code "type": "trim_period, trim"}), with the
 * behaviour of data-import-processing-core's {@code NormalizationFunction} enum. Each returns "" for "no value";
 * reference-data functions that look a type up by name answer FOLIO's stub id when the name is unknown, as FOLIO does.
 */
enum RuleFunction {
    CHAR_SELECT {
        @Override
        String apply(Call c) {
            if (!c.param("from").isInt() || !c.param("to").isInt()) return c.data();
            int from = c.param("from").asInt(), to = Math.min(c.param("to").asInt(), c.data().length());
            // FOLIO's substring throws on a short 008 and the record fails; Quire maps what is there.
            return from >= 0 && from < to ? c.data().substring(from, to) : "";
        }
    },
    REMOVE_ENDING_PUNC {
        @Override
        String apply(Call c) {
            String d = c.data();
            return !d.isEmpty() && ";:,/+= ".indexOf(d.charAt(d.length() - 1)) >= 0 ? d.substring(0, d.length() - 1) : d;
        }
    },
    TRIM {
        @Override
        String apply(Call c) {
            return c.data().trim();
        }
    },
    TRIM_PERIOD {
        @Override
        String apply(Call c) {
            String d = c.data();
            return d.endsWith(".") ? d.substring(0, d.length() - 1) : d;
        }
    },
    TRIM_PUNCTUATION {
        @Override
        String apply(Call c) {
            String d = c.data().trim();
            if (SINGLE_LETTER_PERIOD.matcher(d).matches() || d.endsWith("-")) return d;
            if (SINGLE_LETTER_COMMA_PERIOD.matcher(d).matches()) return d.substring(0, d.length() - 2) + ".";
            return d.endsWith(".") || d.endsWith(",") ? d.substring(0, d.length() - 1) : d;
        }
    },
    REMOVE_SUBSTRING {
        @Override
        String apply(Call c) {
            String s = c.param("substring").asText("");
            return s.isEmpty() ? c.data() : c.data().replace(s, "");
        }
    },
    REMOVE_PREFIX_BY_INDICATOR {
        @Override
        String apply(Call c) {
            if (c.field() == null) return c.data();
            int to = Character.getNumericValue(c.field().getIndicator2());
            String d = c.data();
            // FOLIO removes every occurrence of the prefix (StringUtils.remove), not only the leading one.
            return to > 0 && to < d.length() ? d.replace(d.substring(0, to), "") : d;
        }
    },
    CAPITALIZE {
        @Override
        String apply(Call c) {
            String d = c.data();
            return d.isEmpty() ? d : d.substring(0, d.offsetByCodePoints(0, 1)).toUpperCase(Locale.ROOT)
                    .concat(d.substring(d.offsetByCodePoints(0, 1)));
        }
    },
    CONCAT_SUBFIELDS_BY_NAME {
        @Override
        String apply(Call c) {
            if (c.field() == null) return c.data();
            var subfields = c.field().getSubfields();
            int start = 0;
            for (int i = 0; i < subfields.size(); i++) {
                if (subfields.get(i).getData().equals(c.data())) {
                    start = i;
                    break;
                }
            }
            if (subfields.isEmpty()) return c.data();
            String stops = String.valueOf(subfields.get(start).getCode()) + codes(c.param("subfieldsToStopConcat"));
            int end = subfields.size();
            for (int i = start + 1; i < subfields.size(); i++) {
                if (stops.indexOf(subfields.get(i).getCode()) >= 0) {
                    end = i;
                    break;
                }
            }
            StringBuilder out = new StringBuilder(c.data());
            for (char code : codes(c.param("subfieldsToConcat")).toCharArray()) {
                for (Subfield sf : subfields.subList(start, end)) if (sf.getCode() == code) out.append(' ').append(sf.getData());
            }
            return out.toString();
        }
    },
    SET_PUBLISHER_ROLE {
        @Override
        String apply(Call c) {
            if (c.field() == null) return "";
            return switch (c.field().getIndicator2()) {
                case '0' -> "Production";
                case '1' -> "Publication";
                case '2' -> "Distribution";
                case '3' -> "Manufacture";
                default -> "";
            };
        }
    },
    SET_INSTANCE_FORMAT_ID {
        @Override
        String apply(Call c) {
            return c.lookups().byCode(Lookups.INSTANCE_FORMATS, c.data(), "");
        }
    },
    SET_CLASSIFICATION_TYPE_ID {
        @Override
        String apply(Call c) {
            return c.byNameParam(Lookups.CLASSIFICATION_TYPES);
        }
    },
    SET_CONTRIBUTOR_TYPE_ID {
        @Override
        String apply(Call c) {
            return c.lookups().byCode(Lookups.CONTRIBUTOR_TYPES, c.data(), "");
        }
    },
    SET_CONTRIBUTOR_TYPE_TEXT {
        @Override
        String apply(Call c) {
            return c.lookups().contributorTypeName(c.data());
        }
    },
    SET_CONTRIBUTOR_NAME_TYPE_ID {
        @Override
        String apply(Call c) {
            return c.byNameParam(Lookups.CONTRIBUTOR_NAME_TYPES);
        }
    },
    SET_CONTRIBUTOR_TYPE_ID_BY_CODE_OR_NAME {
        @Override
        String apply(Call c) {
            String codeSf = c.param("contributorCodeSubfield").asText(""), nameSf = c.param("contributorNameSubfield").asText("");
            if (c.field() == null || codeSf.isEmpty() || nameSf.isEmpty()) return "";
            for (Subfield sf : c.field().getSubfields(codeSf.charAt(0))) {
                String id = c.lookups().byExactCode(Lookups.CONTRIBUTOR_TYPES, sf.getData());
                if (!id.isEmpty()) return id;
            }
            for (Subfield sf : c.field().getSubfields(nameSf.charAt(0))) {
                String id = c.lookups().contributorTypeIdByName(sf.getData().trim());
                if (!id.isEmpty()) return id;
            }
            return "";
        }
    },
    SET_INSTANCE_TYPE_ID {
        @Override
        String apply(Call c) {
            String unspecified = c.param("unspecifiedInstanceTypeCode").asText("");
            String value = unspecified;
            if (c.field() != null) {
                String[] parts = c.data().split("~", -1);
                value = parts[parts.length - 1];
            }
            String id = c.lookups().instanceType(value);
            if (id.isEmpty()) id = c.lookups().instanceType(unspecified);
            return id.isEmpty() ? STUB_ID : id;
        }
    },
    SET_ELECTRONIC_ACCESS_RELATIONS_ID {
        @Override
        String apply(Call c) {
            if (c.field() == null) return STUB_ID;
            String name = switch (c.field().getIndicator2()) {
                case '0' -> "resource";
                case '1' -> "version of resource";
                case '2' -> "related resource";
                default -> "no information provided";
            };
            return c.lookups().byName(Lookups.ELECTRONIC_ACCESS_RELATIONSHIPS, name, STUB_ID);
        }
    },
    SET_IDENTIFIER_TYPE_ID_BY_NAME {
        @Override
        String apply(Call c) {
            return c.byNameParam(Lookups.IDENTIFIER_TYPES);
        }
    },
    SET_IDENTIFIER_TYPE_ID_BY_VALUE {
        @Override
        String apply(Call c) {
            JsonNode names = c.param("names");
            if (!names.isArray() || names.isEmpty()) return STUB_ID;
            String type = names.get(0).asText();
            Pattern oclc = c.condition().oclcRegex();
            if (oclc != null && names.size() > 1 && oclc.matcher(c.data()).matches()) type = names.get(1).asText();
            return c.lookups().byName(Lookups.IDENTIFIER_TYPES, type, STUB_ID);
        }
    },
    SET_NOTE_TYPE_ID {
        @Override
        String apply(Call c) {
            String name = c.param("name").asText(null);
            if (name == null) return STUB_ID;
            String id = c.lookups().byName(Lookups.INSTANCE_NOTE_TYPES, name, "");
            return id.isEmpty() ? c.lookups().byName(Lookups.INSTANCE_NOTE_TYPES, "General note", STUB_ID) : id;
        }
    },
    SET_ALTERNATIVE_TITLE_TYPE_ID {
        @Override
        String apply(Call c) {
            return c.byNameParam(Lookups.ALTERNATIVE_TITLE_TYPES);
        }
    },
    SET_ISSUANCE_MODE_ID {
        @Override
        String apply(Call c) {
            String d = c.data();
            char mode = d.length() > 7 ? d.charAt(7) : ' ';
            String name = switch (mode) {
                case 'a', 'c', 'd', 'm' -> "single unit";
                case 'b', 's' -> "serial";
                case 'i' -> "integrating resource";
                default -> "unspecified";
            };
            String unspecified = c.lookups().byName(Lookups.MODES_OF_ISSUANCE, "unspecified", "");
            return c.lookups().byName(Lookups.MODES_OF_ISSUANCE, name, unspecified);
        }
    },
    /**
     * 008/06, the type of date or publication status, as the instance date type of that code (instance-date-types
     * {@code code}, exact: "|" is a code). A code no type has, or an 008 too short to have one, is "No attempt to
     * code" ("|"): the dates are still mapped, and the cataloguer's code could not be read.
     */
    SET_DATE_TYPE_ID {
        @Override
        String apply(Call c) {
            String d = c.data();
            String id = d.length() > 6 ? c.lookups().byExactCode(Lookups.INSTANCE_DATE_TYPES, d.substring(6, 7)) : "";
            return id.isEmpty() ? c.lookups().byExactCode(Lookups.INSTANCE_DATE_TYPES, "|") : id;
        }
    },
    SET_NOTE_STAFF_ONLY_VIA_INDICATOR {
        @Override
        String apply(Call c) {
            return c.field() != null && c.field().getIndicator1() == '0' ? "true" : "false";
        }
    },
    SET_HOLDINGS_TYPE_ID {
        @Override
        String apply(Call c) {
            String d = c.data();
            String name = switch (d.length() > 6 ? d.charAt(6) : ' ') {
                case 'v' -> "multi-part monograph";
                case 'x' -> "monograph";
                case 'y' -> "serial";
                default -> "unknown";
            };
            return c.lookups().byName(Lookups.HOLDINGS_TYPES, name, "");
        }
    },
    SET_CALL_NUMBER_TYPE_ID {
        @Override
        String apply(Call c) {
            if (c.field() == null) return "";
            String name = switch (c.field().getIndicator1()) {
                case '0' -> "library of congress classification";
                case '1' -> "dewey decimal classification";
                case '2' -> "national library of medicine classification";
                case '3' -> "superintendent of documents classification";
                case '4' -> "shelving control number";
                case '5' -> "title";
                case '6' -> "shelved separately";
                case '7' -> "source specified in subfield $2";
                case '8' -> "other scheme";
                default -> "";
            };
            return name.isEmpty() ? "" : c.lookups().byName(Lookups.CALL_NUMBER_TYPES, name, "");
        }
    },
    SET_PERMANENT_LOCATION_ID {
        @Override
        String apply(Call c) {
            if (c.field() == null) return STUB_ID;
            String id = c.lookups().byExactCode(Lookups.LOCATIONS, c.data());
            return id.isEmpty() ? STUB_ID : id;
        }
    },
    SET_HOLDINGS_NOTE_TYPE_ID {
        @Override
        String apply(Call c) {
            String name = c.param("name").asText(null);
            return name == null ? STUB_ID : c.lookups().byName(Lookups.HOLDINGS_NOTE_TYPES, name, "");
        }
    },
    SET_AUTHORITY_NOTE_TYPE_ID {
        @Override
        String apply(Call c) {
            return c.byNameParam(Lookups.AUTHORITY_NOTE_TYPES);
        }
    };

    /** The id FOLIO's functions answer when a named type is missing (NormalizationFunction.STUB_FIELD_TYPE_ID). */
    static final String STUB_ID = "fe19bae4-da28-472b-be90-d442e2428ead";
    private static final Pattern SINGLE_LETTER_PERIOD = Pattern.compile("^(.*?)\\s.[.]$");
    private static final Pattern SINGLE_LETTER_COMMA_PERIOD = Pattern.compile("^(.*?)\\s.,[.]$");

    abstract String apply(Call c);

    /** The function a rule names ({@code "trim_period"}), or null if FOLIO has none of that name. */
    static RuleFunction named(String name) {
        try {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static String codes(JsonNode array) {
        StringBuilder s = new StringBuilder();
        for (JsonNode n : array) if (!n.asText().isEmpty()) s.append(n.asText().charAt(0));
        return s.toString();
    }

    /** One application of a function: the value so far, the field (null for a control field), the condition. */
    record Call(String data, DataField field, Rules.Condition condition, Lookups lookups) {
        JsonNode param(String name) {
            return condition.parameter().path(name);
        }

        String byNameParam(String kind) {
            String name = param("name").asText(null);
            return name == null ? STUB_ID : lookups.byName(kind, name, STUB_ID);
        }
    }
}
