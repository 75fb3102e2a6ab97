package org.submission.doi.html;

import io.quarkus.logging.Log;
import java.io.StringReader;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Entities;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;
import org.xml.sax.ErrorHandler;
import org.xml.sax.InputSource;
import org.xml.sax.SAXParseException;

/**
 * JATS abstract markup renamed to HTML (JATS structure and inline formatting to their HTML
 * elements, MathML kept), then made safe by {@link SafeHtml}. JATS is XML: it is read by the
 * JDK's parser with DOCTYPEs refused, so markup that is not well-formed comes out as the escaped
 * input text and the conversion never fails.
 */
public final class JatsConverter {

    private static final int MAX_DEPTH = 200;
    /** A character reference, a named entity, or a bare ampersand. */
    private static final Pattern AMPERSAND = Pattern.compile("&(#[0-9]{1,7};|#[xX][0-9a-fA-F]{1,6};|([A-Za-z][A-Za-z0-9]{0,31});)?");

    private static final Map<String, String> JATS_TO_HTML = Map.ofEntries(
            Map.entry("p", "p"), Map.entry("sec", "section"), Map.entry("italic", "i"), Map.entry("bold", "b"),
            Map.entry("sub", "sub"), Map.entry("sup", "sup"), Map.entry("underline", "u"),
            Map.entry("monospace", "code"), Map.entry("list-item", "li"), Map.entry("disp-quote", "blockquote"),
            Map.entry("preformat", "pre"));
    private static final Set<String> ORDERED_LISTS = Set.of("order", "ordered", "alpha-lower", "alpha-upper",
            "roman-lower", "roman-upper");

    private static final DocumentBuilderFactory FACTORY = factory();
    private static final ThreadLocal<DocumentBuilder> BUILDER = ThreadLocal.withInitial(JatsConverter::builder);

    private JatsConverter() {
    }

    /** The registry marks JATS abstracts with the {@code jats:} prefix. */
    public static boolean isJats(String text) {
        return text != null && text.contains("<jats:");
    }

    public static String toHtml(String jats) {
        try {
            DocumentBuilder builder = BUILDER.get();
            builder.reset();
            builder.setErrorHandler(SILENT);
            Element root = builder.parse(new InputSource(new StringReader("<root>" + namedEntitiesAsReferences(jats) + "</root>")))
                    .getDocumentElement();
            Document draft = Document.createShell("");
            children(root, draft.body(), 0, 0, false);
            return SafeHtml.clean(draft);
        } catch (Exception | StackOverflowError e) {
            Log.debugf("JATS abstract not converted (%s); answering it as escaped text", e.getMessage());
            return SafeHtml.escape(jats);
        }
    }

    /**
     * Registry abstracts often carry HTML named entities ({@code &nbsp;}) and bare ampersands,
     * which XML rejects: jsoup's entity table turns the names into character references, and any
     * other stray {@code &} becomes {@code &amp;}, so that one such character does not demote a
     * whole abstract to plain text.
     */
    static String namedEntitiesAsReferences(String markup) {
        Matcher matcher = AMPERSAND.matcher(markup);
        StringBuilder out = new StringBuilder(markup.length() + 16);
        while (matcher.find()) {
            String name = matcher.group(2);
            String replacement = matcher.group(1) == null ? "&amp;" : matcher.group();
            if (name != null) {
                String characters = Entities.getByName(name);
                replacement = characters.isEmpty() ? "&amp;" + matcher.group(1)
                        : characters.codePoints().mapToObj(c -> "&#" + c + ";").reduce("", String::concat);
            }
            matcher.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        return matcher.appendTail(out).toString();
    }

    private static void children(Node parent, org.jsoup.nodes.Element out, int sections, int depth, boolean inMath) {
        for (Node child = parent.getFirstChild(); child != null; child = child.getNextSibling()) {
            switch (child.getNodeType()) {
                case Node.TEXT_NODE, Node.CDATA_SECTION_NODE -> out.appendText(child.getNodeValue());
                case Node.ELEMENT_NODE -> element((Element) child, out, sections, depth + 1, inMath);
                default -> {
                    // comments and processing instructions carry nothing for a reader
                }
            }
        }
    }

    private static void element(Element element, org.jsoup.nodes.Element out, int sections, int depth, boolean inMath) {
        if (depth > MAX_DEPTH) {
            throw new IllegalArgumentException("markup nested too deeply");
        }
        String qName = element.getTagName();
        String name = qName.substring(qName.indexOf(':') + 1);
        if (SafeHtml.DROPPED.contains(name)) {
            return;
        }
        // inside MathML, unprefixed elements are MathML too (a default namespace); jats: ones are not
        if (!qName.startsWith("jats:") && (inMath || name.equals("math") || qName.startsWith("mml:"))) {
            math(element, name, out, sections, depth);
            return;
        }
        switch (name) {
            case "title" -> children(element, out.appendElement("h" + Math.min(6, 2 + sections)), sections, depth, false);
            case "sec" -> children(element, out.appendElement("section"), sections + 1, depth, false);
            case "list" -> children(element, out.appendElement(ORDERED_LISTS.contains(element.getAttribute("list-type"))
                    ? "ol" : "ul"), sections, depth, false);
            case "break" -> out.appendElement("br");
            case "ext-link", "uri", "email" -> link(element, name, out, sections, depth);
            default -> {
                String html = JATS_TO_HTML.get(name);
                children(element, html == null ? out : out.appendElement(html), sections, depth, false);
            }
        }
    }

    /** A link with a safe target; otherwise only its text. */
    private static void link(Element element, String name, org.jsoup.nodes.Element out, int sections, int depth) {
        String target = element.getAttribute("xlink:href");
        if (target.isEmpty()) {
            target = element.getAttribute("href");
        }
        if (target.isEmpty() && !name.equals("ext-link")) {
            target = (name.equals("email") ? "mailto:" : "") + element.getTextContent();
        }
        target = target.strip();
        children(element, SafeText.safeLink(target) ? out.appendElement("a").attr("href", target) : out,
                sections, depth, false);
    }

    private static void math(Element element, String name, org.jsoup.nodes.Element out, int sections, int depth) {
        if (!SafeHtml.MATHML_ELEMENTS.contains(name)) {
            children(element, out, sections, depth, true);
            return;
        }
        org.jsoup.nodes.Element math = out.appendElement(name);
        NamedNodeMap attributes = element.getAttributes();
        for (int i = 0; i < attributes.getLength(); i++) {
            Node attribute = attributes.item(i);
            math.attr(attribute.getNodeName(), attribute.getNodeValue());
        }
        children(element, math, sections, depth, true);
    }

    private static final ErrorHandler SILENT = new ErrorHandler() {
        @Override
        public void warning(SAXParseException e) {
        }

        @Override
        public void error(SAXParseException e) throws SAXParseException {
            throw e;
        }

        @Override
        public void fatalError(SAXParseException e) throws SAXParseException {
            throw e;
        }
    };

    private static DocumentBuilderFactory factory() {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(false);
        factory.setValidating(false);
        factory.setExpandEntityReferences(false);
        factory.setXIncludeAware(false);
        try {
            // no DOCTYPE means no entity definitions: no external fetches, no expansion bombs
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException(e);
        }
        return factory;
    }

    private static DocumentBuilder builder() {
        try {
            synchronized (FACTORY) {
                return FACTORY.newDocumentBuilder();
            }
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException(e);
        }
    }
}
