package org.quire.marc;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The hard-coded ids must be the ones in FOLIO's reference data, with the expected names. */
class FolioIdsTest {
    private static final Path REFERENCE =
            TestData.shared().resolve("data/folio/mod-inventory-storage/reference-data");

    @Test
    void idsMatchReferenceData() throws IOException {
        Map<String, String> identifierTypes = namesById("identifier-types");
        assertThat(identifierTypes).containsEntry(FolioIds.ISBN, "ISBN")
                .containsEntry(FolioIds.INVALID_ISBN, "Invalid ISBN")
                .containsEntry(FolioIds.ISSN, "ISSN")
                .containsEntry(FolioIds.INVALID_ISSN, "Invalid ISSN")
                .containsEntry(FolioIds.LINKING_ISSN, "Linking ISSN")
                .containsEntry(FolioIds.LCCN, "LCCN")
                .containsEntry(FolioIds.OCLC, "OCLC")
                .containsEntry(FolioIds.SYSTEM_CONTROL_NUMBER, "System control number")
                .containsEntry(FolioIds.CANCELLED_SYSTEM_CONTROL_NUMBER, "Cancelled system control number");
        assertThat(namesById("contributor-name-types"))
                .containsEntry(FolioIds.PERSONAL_NAME, "Personal name")
                .containsEntry(FolioIds.CORPORATE_NAME, "Corporate name")
                .containsEntry(FolioIds.MEETING_NAME, "Meeting name");
        assertThat(namesById("classification-types"))
                .containsEntry(FolioIds.LC_CLASSIFICATION, "LC")
                .containsEntry(FolioIds.DEWEY_CLASSIFICATION, "Dewey");
        assertThat(namesById("instance-note-types"))
                .containsEntry(FolioIds.GENERAL_NOTE, "General note")
                .containsEntry(FolioIds.DISSERTATION_NOTE, "Dissertation note")
                .containsEntry(FolioIds.BIBLIOGRAPHY_NOTE, "Bibliography note")
                .containsEntry(FolioIds.FORMATTED_CONTENTS_NOTE, "Formatted Contents Note")
                .containsEntry(FolioIds.SUMMARY_NOTE, "Summary")
                .containsEntry(FolioIds.LANGUAGE_NOTE, "Language note");
        assertThat(namesById("alternative-title-types"))
                .containsEntry(FolioIds.UNIFORM_TITLE, "Uniform title")
                .containsEntry(FolioIds.VARIANT_TITLE, "Variant title")
                .containsEntry(FolioIds.FORMER_TITLE, "Former title");
        assertThat(namesById("modes-of-issuance"))
                .containsEntry(FolioIds.MODE_SINGLE_UNIT, "single unit")
                .containsEntry(FolioIds.MODE_SERIAL, "serial")
                .containsEntry(FolioIds.MODE_INTEGRATING_RESOURCE, "integrating resource")
                .containsEntry(FolioIds.MODE_UNSPECIFIED, "unspecified");
    }

    @Test
    void instanceTypesMatchReferenceCodes() throws IOException {
        Map<String, String> idsByCode = new HashMap<>();
        for (JsonNode type : load("instance-types")) {
            idsByCode.put(type.get("code").asText(), type.get("id").asText());
        }
        assertThat(FolioIds.INSTANCE_TYPES_BY_CODE).isEqualTo(idsByCode);
        assertThat(idsByCode).containsEntry("txt", FolioIds.TYPE_TEXT)
                .containsEntry("zzz", FolioIds.TYPE_UNSPECIFIED);
    }

    private static Map<String, String> namesById(String folder) throws IOException {
        Map<String, String> out = new HashMap<>();
        for (JsonNode n : load(folder)) {
            out.put(n.get("id").asText(), n.get("name").asText());
        }
        return out;
    }

    private static Iterable<JsonNode> load(String folder) throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        try (Stream<Path> files = Files.list(REFERENCE.resolve(folder))) {
            return files.filter(p -> p.toString().endsWith(".json")).map(p -> {
                try {
                    return mapper.readTree(p.toFile());
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).toList();
        }
    }
}
