package org.quire.marc.rules;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marc4j.marc.DataField;
import org.marc4j.marc.MarcFactory;
import org.marc4j.marc.Record;
import org.quire.Api;
import org.quire.Fixtures;
import org.quire.TestServer;
import org.quire.authorities.AuthorityTypes;
import org.quire.platform.Json;
import org.quire.platform.tenancy.Tenants;

/**
 * mod-source-record-manager's /mapping-rules over HTTP (mapping-rules-provider.raml and its Karate scenarios): the
 * defaults per type, an edited rule stored per tenant and used by the next mapper, restore, and FOLIO's 400 texts
 * for an unknown type, the authority rules, a body that is not JSON and a rule Quire could not run.
 */
class MappingRulesApiTest {
    static final String TENANT = "mapping_rules_api";
    static Api.Session s;
    static final MarcFactory F = MarcFactory.newInstance();

    @BeforeAll
    static void setUp() {
        s = Fixtures.tenant(TENANT);
    }

    static Api.Reply putText(String path, String body) {
        return s.api().send("PUT", path, body, s.tenant(), s.token());
    }

    static MarcMapper tenantMapper(RulesType type) {
        // A fresh MappingRules, as another process would have: what it maps with comes from the tenant's database.
        return TestServer.get().database().read(c -> new MappingRules(AuthorityTypes.NOTE_TYPES).forTenant(c, Tenants.schema(TENANT), type));
    }

    static Record bib() {
        Record r = F.newRecord("00000nam a2200000 a 4500");
        r.addVariableField(F.newControlField("001", "b1"));
        DataField f = F.newDataField("245", '1', '0');
        f.addSubfield(F.newSubfield('a', "Logical matters /"));
        f.addSubfield(F.newSubfield('c', "Jonathan Barnes."));
        r.addVariableField(f);
        return r;
    }

    @Test
    void getAnswersTheDefaultRulesOfEachType() {
        Api.Reply bib = s.get("/mapping-rules/marc-bib");
        assertThat(bib.status()).isEqualTo(200);
        assertThat(bib.header("content-type").orElse("")).startsWith("application/json");
        assertThat(bib.json().at("/001/1/target").asText()).isEqualTo("modeOfIssuanceId");
        assertThat(bib.json().size()).isEqualTo(107);
        assertThat(s.get("/mapping-rules/marc-holdings").json().at("/001/1/target").asText()).isEqualTo("holdingsTypeId");
        assertThat(s.get("/mapping-rules/marc-authority").json().at("/001/1/target").asText())
                .isEqualTo("identifiers.identifierTypeId");
    }

    @Test
    void anEditedRuleChangesTheNextMappingAndRestoreBringsTheDefaultsBack() {
        assertThat(tenantMapper(RulesType.MARC_BIB).toInstance(bib()).path("title").asText())
                .isEqualTo("Logical matters / Jonathan Barnes.");

        ObjectNode rules = (ObjectNode) s.get("/mapping-rules/marc-bib").json();
        ObjectNode title = (ObjectNode) rules.at("/245/0");
        title.set("subfield", Json.array().add("a"));
        ((ArrayNode) title.withArray("rules")).addObject().putArray("conditions").addObject().put("type", "remove_ending_punc, trim");
        Api.Reply put = s.put("/mapping-rules/marc-bib", rules);
        assertThat(put.status()).as(put.body()).isEqualTo(200);
        assertThat(put.json()).isEqualTo(rules);
        assertThat(s.get("/mapping-rules/marc-bib").json()).isEqualTo(rules);
        assertThat(tenantMapper(RulesType.MARC_BIB).toInstance(bib()).path("title").asText()).isEqualTo("Logical matters");

        Api.Reply restored = s.put("/mapping-rules/marc-bib/restore", null);
        assertThat(restored.status()).isEqualTo(200);
        JsonNode defaults = Json.parse(MappingRules.defaultText(RulesType.MARC_BIB));
        assertThat(restored.json()).isEqualTo(defaults);
        assertThat(s.get("/mapping-rules/marc-bib").json()).isEqualTo(defaults);
        assertThat(tenantMapper(RulesType.MARC_BIB).toInstance(bib()).path("title").asText())
                .isEqualTo("Logical matters / Jonathan Barnes.");
        // The authority rules cannot be edited but can be restored, as in FOLIO.
        assertThat(s.put("/mapping-rules/marc-authority/restore", null).json().at("/001/1/target").asText())
                .isEqualTo("identifiers.identifierTypeId");
    }

    @Test
    void tenantMapperUsesTheTenantsReferenceData() {
        Record mfhd = F.newRecord("00000cy  a22000004  4500");
        mfhd.addVariableField(F.newControlField("001", "h1"));
        DataField f = F.newDataField("852", '0', ' ');
        f.addSubfield(F.newSubfield('b', "KU/CC/DI/M"));
        f.addSubfield(F.newSubfield('h', "QA76"));
        f.addSubfield(F.newSubfield('i', ".Q5"));
        mfhd.addVariableField(f);
        ObjectNode h = tenantMapper(RulesType.MARC_HOLDINGS).toHoldings(mfhd);
        assertThat(h.path("permanentLocationId").asText()).isEqualTo("fcd64ce1-6995-48f0-840e-89ffa2288371");
        assertThat(h.path("callNumber").asText()).isEqualTo("QA76 .Q5");
        // The default 852 rule for callNumberTypeId names no subfield and does not apply its rule on the joined
        // data, so FOLIO's Processor never runs set_call_number_type_id on it: no type, here as there.
        assertThat(h.has("callNumberTypeId")).isFalse();
    }

    @Test
    void malformedRequestsAreFolios400Texts() {
        Api.Reply unknownGet = s.get("/mapping-rules/marc-bibs");
        assertThat(unknownGet.status()).isEqualTo(400);
        assertThat(unknownGet.body()).isEqualTo("Only marc-bib, marc-holdings or marc-authority supported");
        Api.Reply unknownPut = putText("/mapping-rules/wrong-path", "{}");
        assertThat(unknownPut.status()).isEqualTo(400);
        assertThat(unknownPut.body()).isEqualTo("Only marc-bib or marc-holdings supported");
        Api.Reply unknownRestore = putText("/mapping-rules/wrong-path/restore", null);
        assertThat(unknownRestore.status()).isEqualTo(400);
        assertThat(unknownRestore.body()).isEqualTo("Only marc-bib or marc-holdings supported");
        Api.Reply authority = putText("/mapping-rules/marc-authority", MappingRules.defaultText(RulesType.MARC_AUTHORITY));
        assertThat(authority.status()).isEqualTo(400);
        assertThat(authority.body()).isEqualTo("Can't edit MARC Authority default mapping rules");

        for (String notJson : new String[] {"WRONG-RULES-FORMAT", "[1,2]", "", "{\"245\": ["}) {
            Api.Reply r = putText("/mapping-rules/marc-holdings", notJson);
            assertThat(r.status()).as(notJson).isEqualTo(400);
            assertThat(r.body()).isEqualTo("Can not update rules in non-JSON format");
        }
        Api.Reply badFunction = putText("/mapping-rules/marc-bib",
                "{\"245\": [{\"target\": \"title\", \"subfield\": [\"a\"], \"rules\": [{\"conditions\": [{\"type\": \"set_title_magic\"}]}]}]}");
        assertThat(badFunction.status()).isEqualTo(400);
        assertThat(badFunction.body()).isEqualTo(
                "Unknown normalization function 'set_title_magic' in the rule for field 245 (target title)");
        // Nothing of the refused bodies was stored.
        assertThat(s.get("/mapping-rules/marc-holdings").json().at("/001/1/target").asText()).isEqualTo("holdingsTypeId");
        assertThat(s.get("/mapping-rules/marc-bib").json().has("245")).isTrue();
        assertThat(s.get("/mapping-rules/marc-bib").json().at("/245/0/subfield").size()).isEqualTo(10);
    }
}
