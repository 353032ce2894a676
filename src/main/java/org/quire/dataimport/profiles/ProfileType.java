package org.quire.dataimport.profiles;

import java.util.Arrays;
import java.util.Optional;
import java.util.Set;

/**
 * The four kinds of data-import profile (mod-di-converter-storage's ProfileType), with the words FOLIO uses for each
 * in its messages (DataImportProfilesImpl: ERROR_CODES_TYPES_RELATION for duplicates, "Job Profile with id '%s' was
 * not found", "Can`t update default OCLC Job Profile with id %s") and the default profiles FOLIO refuses to change or
 * delete (its JOB_PROFILES, MATCH_PROFILES, ACTION_PROFILES and MAPPING_PROFILES lists; the job list also holds
 * "Default - Create SRS MARC Authority" for deletion). "Default - Create instance and SRS MARC Bib" is not
 * protected: FOLIO says it "can be edited, duplicated, or deleted".
 */
public enum ProfileType {
    JOB_PROFILE("jobProfiles", "Job profile", "Job Profile", Set.of(
            "d0ebb7b0-2f0f-11eb-adc1-0242ac120002", "91f9b8d6-d80e-4727-9783-73fb53e3c786",
            "fa0262c7-5816-48d0-b9b3-7b7a862a5bc7", "6409dcff-71fa-433a-bc6a-e70ad38a9604",
            "80898dee-449f-44dd-9c8e-37d5eb469b1d", "1a338fcd-3efc-4a03-b007-394eeb0d5fb9",
            "cf6f2718-5aa5-482a-bba5-5bc9b75614da", "6cb347c6-c0b0-4363-89fc-32cedede87ba",
            "c7fcbc40-c4c0-411d-b569-1fc6bc142a92", "6eefa4c6-bbf7-4845-ad82-de7fc4abd0e3")),
    MATCH_PROFILE("matchProfiles", "Match profile", "Match Profile", Set.of(
            "d27d71ce-8a1e-44c6-acea-96961b5592c6", "31dbb554-0826-48ec-a0a4-3c55293d4dee",
            "4be5d1d2-1f5a-42ff-a9bd-fc90609d94b6", "91cec42a-260d-4a8c-a9fb-90d9435ca2f4",
            "2a599369-817f-4fe8-bae2-f3e3987990fe", "aff72eae-847c-4a97-b7b9-c1ddb8cdcbbf")),
    ACTION_PROFILE("actionProfiles", "Action profile", "Action Profile", Set.of(
            "d0ebba8a-2f0f-11eb-adc1-0242ac120002", "cddff0e1-233c-47ba-8be5-553c632709d9",
            "6aa8e98b-0d9f-41dd-b26f-15658d07eb52", "f8e58651-f651-485d-aead-d2fa8700e2d1",
            "f5feddba-f892-4fad-b702-e4e77f04f9a3", "8aa0b850-9182-4005-8435-340b704b2a19",
            "7915c72e-c6af-4962-969d-403c7238b051", "7915c72e-c7af-4962-969d-403c7238b051",
            "fabd9a3e-33c3-49b7-864d-c5af830d9990", "c2e2d482-9486-476e-a28c-8f1e303cbe1a",
            "7e24a466-349b-451d-a18e-38fb21d71b38", "f0f788c8-2e65-4e3a-9247-e9444eeb7d70")),
    MAPPING_PROFILE("mappingProfiles", "The field mapping profile", "Mapping Profile", Set.of(
            "d0ebbc2e-2f0f-11eb-adc1-0242ac120002", "862000b9-84ea-4cae-a223-5fc0552f2b42",
            "f90864ef-8030-480f-a43f-8cdd21233252", "991c0300-44a6-47e3-8ea2-b01bb56a38cc",
            "e0fbaad5-10c0-40d5-9228-498b351dbbaa", "13cf7adf-c7a7-4c2e-838f-14d0ac36ec0a",
            "6a0ec1de-68eb-4833-bdbf-0741db25c314", "6a0ec1de-68eb-4833-bdbf-0741db85c314",
            "39b265e1-c963-4e5f-859d-6e8c327a265c", "b8a9ca7d-4a33-44d3-86e1-f7c6cb7b265f",
            "041f8ff9-9d17-4436-b305-1033e0879501"));

    /** The collection key and path segment, e.g. {@code jobProfiles}. */
    public final String collection;
    /** As FOLIO names the kind in "'%s' already exists" messages. */
    public final String label;
    /** As FOLIO names the kind in not-found and default-profile messages. */
    public final String title;
    private final Set<String> defaults;

    ProfileType(String collection, String label, String title, Set<String> defaults) {
        this.collection = collection;
        this.label = label;
        this.title = title;
        this.defaults = defaults;
    }

    /** A default profile FOLIO does not let anyone change (except its tags) or delete. */
    public boolean isProtected(String id) {
        return defaults.contains(id);
    }

    /** FOLIO refuses to delete these: its list plus "Default - Create SRS MARC Authority" for job profiles. */
    public boolean isUndeletable(String id) {
        return isProtected(id) || (this == JOB_PROFILE && "6eefa4c6-bbf7-4845-ad82-de7fc5abd0e3".equals(id));
    }

    public static Optional<ProfileType> parse(String s) {
        return Arrays.stream(values()).filter(t -> t.name().equals(s)).findFirst();
    }

    /**
     * FOLIO's answer to an unknown type (DataImportProfilesImpl.mapContentType), listing ProfileType's values in the
     * schema's order.
     */
    public static String unknownMessage(String s) {
        return "The specified type: " + s + " is wrong. It should be [ACTION_PROFILE, MAPPING_PROFILE, MATCH_PROFILE, "
                + "JOB_PROFILE]";
    }
}
