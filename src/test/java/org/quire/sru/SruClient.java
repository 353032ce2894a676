package org.quire.sru;

import org.quire.TestServer;
import org.w3c.dom.Document;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

import javax.xml.namespace.NamespaceContext;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** An SRU client as YAZ's is: parameters in the URL (or a form POST), the answer parsed namespace-aware. */
final class SruClient {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    /** The prefixes the tests' XPath uses: zs 1.x, sru 2.0, diag/diag2, marc, dc, zr. */
    static final Map<String, String> NS = Map.of("zs", "http://www.loc.gov/zing/srw/",
            "sru", "http://docs.oasis-open.org/ns/search-ws/sruResponse",
            "diag", "http://www.loc.gov/zing/srw/diagnostic/",
            "diag2", "http://docs.oasis-open.org/ns/search-ws/diagnostic",
            "marc", "http://www.loc.gov/MARC21/slim", "srw_dc", "info:srw/schema/1/dc-schema",
            "dc", "http://purl.org/dc/elements/1.1/", "zr", "http://explain.z3950.org/dtd/2.0/");

    private SruClient() {
    }

    /** An answer: its status, content type, text and the parsed (hence well-formed) document. */
    record Answer(int status, String contentType, String body, Document doc) {
        String text(String xpath) {
            try {
                return (String) xpath().evaluate(xpath, doc, XPathConstants.STRING);
            } catch (Exception e) {
                throw new IllegalStateException(xpath, e);
            }
        }

        List<String> texts(String xpath) {
            try {
                NodeList nodes = (NodeList) xpath().evaluate(xpath, doc, XPathConstants.NODESET);
                List<String> out = new ArrayList<>();
                for (int i = 0; i < nodes.getLength(); i++) out.add(nodes.item(i).getTextContent());
                return out;
            } catch (Exception e) {
                throw new IllegalStateException(xpath, e);
            }
        }

        int count(String xpath) {
            return texts(xpath).size();
        }

        Node node(String xpath) {
            try {
                return (Node) xpath().evaluate(xpath, doc, XPathConstants.NODE);
            } catch (Exception e) {
                throw new IllegalStateException(xpath, e);
            }
        }

        /** The one 1.x diagnostic of the answer: {uri, details, message}. */
        List<String> diagnostic() {
            assertThat(count("//zs:diagnostics/diag:diagnostic")).as(body).isEqualTo(1);
            return List.of(text("//diag:diagnostic/diag:uri"), text("//diag:diagnostic/diag:details"),
                    text("//diag:diagnostic/diag:message"));
        }
    }

    /** GET /sru with these parameters (name, value, name, value …) and the key, if not null. */
    static Answer get(String apiKey, String... params) {
        StringBuilder q = new StringBuilder();
        for (int i = 0; i + 1 < params.length; i += 2) {
            q.append(q.isEmpty() ? "" : "&").append(enc(params[i])).append('=').append(enc(params[i + 1]));
        }
        if (apiKey != null) q.append(q.isEmpty() ? "" : "&").append("apikey=").append(enc(apiKey));
        return send(HttpRequest.newBuilder(uri("/sru" + (q.isEmpty() ? "" : "?" + q))).GET());
    }

    static Answer post(String apiKey, String contentType, String body) {
        return send(HttpRequest.newBuilder(uri("/sru?apikey=" + enc(apiKey)))
                .header("Content-Type", contentType).POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    static Answer send(HttpRequest.Builder b) {
        try {
            HttpResponse<byte[]> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            Document doc = f.newDocumentBuilder().parse(new ByteArrayInputStream(r.body()));
            return new Answer(r.statusCode(), r.headers().firstValue("Content-Type").orElse(""),
                    new String(r.body(), StandardCharsets.UTF_8), doc);
        } catch (Exception e) {
            throw new AssertionError("not a well-formed XML answer: " + e, e);
        }
    }

    static URI uri(String path) {
        return URI.create("http://localhost:" + TestServer.get().port() + path);
    }

    static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static javax.xml.xpath.XPath xpath() {
        javax.xml.xpath.XPath x = XPathFactory.newInstance().newXPath();
        x.setNamespaceContext(new NamespaceContext() {
            @Override
            public String getNamespaceURI(String prefix) {
                return NS.get(prefix);
            }

            @Override
            public String getPrefix(String uri) {
                return null;
            }

            @Override
            public Iterator<String> getPrefixes(String uri) {
                return null;
            }
        });
        return x;
    }
}
