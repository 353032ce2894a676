package org.quire.bench;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The bench's harvesters read identifiers, the token and errors from a page's bytes. */
class OaiPageScanTest {
    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void headersIdentifiers_deletedOnesToo_notOtherIdentifiers_andTheToken() {
        byte[] page = utf8("<OAI-PMH><request>x</request><ListRecords><record><header><identifier>oai:a/1</identifier>"
                + "<datestamp>d</datestamp></header><metadata><record><subfield code=\"a\">Été &lt;identifier&gt;"
                + "</subfield><identifier>not a header's</identifier></record></metadata></record><record>"
                + "<header status=\"deleted\"><identifier>oai:a/2</identifier></header></record>"
                + "<resumptionToken completeListSize=\"9\" cursor=\"0\">bWV0YQ==</resumptionToken></ListRecords>");
        List<String> ids = new ArrayList<>();
        assertThat(OaiPageScan.identifiers(page, ids::add)).isEqualTo(2);
        assertThat(ids).containsExactly("oai:a/1", "oai:a/2");
        assertThat(OaiPageScan.token(page)).isEqualTo("bWV0YQ==");
        assertThat(OaiPageScan.error(page)).isNull();
    }

    @Test
    void theLastPagesEmptyToken_noToken_andErrors() {
        assertThat(OaiPageScan.token(utf8("<resumptionToken completeListSize=\"2\" cursor=\"1\"></resumptionToken>")))
                .isEmpty();
        assertThat(OaiPageScan.token(utf8("<ListRecords></ListRecords>"))).isNull();
        assertThat(OaiPageScan.token(utf8("<resumptionToken"))).isNull();
        assertThat(OaiPageScan.error(utf8("<error code=\"badResumptionToken\">expired</error>")))
                .isEqualTo("badResumptionToken: expired");
        assertThat(OaiPageScan.error(utf8("<error code=\"bad"))).isEqualTo("unreadable error element");
        assertThat(OaiPageScan.identifiers(utf8("<header><identifier>cut"), id -> { })).isZero();
        assertThat(OaiPageScan.identifiers(new byte[0], id -> { })).isZero();
    }
}
