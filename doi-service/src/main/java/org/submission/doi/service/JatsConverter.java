package org.submission.doi.service;

import io.quarkus.logging.Log;
import java.io.StringReader;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;
import org.xml.sax.ErrorHandler;
import org.xml.sax.InputSource;
import org.xml.sax.SAXParseException;

/**
 * JATS abstract markup to HTML that is safe to insert into a page. Only whitelisted elements
 * come out (JATS structure and inline formatting mapped to HTML, MathML kept with a whitelist of
 * attributes); every text is escaped; a link survives only with an http, https or mailto target.
 * Whatever cannot be parsed comes out as the escaped input text, so conversion never fails.
 */
public final class JatsConverter {

    private static final String MATHML_NS = "http://www.w3.org/1998/Math/MathML";
    private static final int MAX_DEPTH = 200;

    private static final Map<String, String> JATS_TO_HTML = Map.ofEntries(
            Map.entry("p", "p"), Map.entry("sec", "section"), Map.entry("italic", "i"), Map.entry("bold", "b"),
            Map.entry("sub", "sub"), Map.entry("sup", "sup"), Map.entry("underline", "u"),
            Map.entry("monospace", "code"), Map.entry("list-item", "li"), Map.entry("disp-quote", "blockquote"),
            Map.entry("preformat", "pre"));
    /** Elements whose content is not text a reader should see. */
    private static final Set<String> DROPPED = Set.of("script", "style", "object", "embed", "iframe", "graphic",
            "inline-graphic", "media", "annotation-xml", "object-id", "alt-text");
    private static final Set<String> ORDERED_LISTS = Set.of("order", "ordered", "alpha-lower", "alpha-upper",
            "roman-lower", "roman-upper");
    private static final Set<String> MATHML_ELEMENTS = Set.of("math", "mi", "mn", "mo", "ms", "mtext", "mspace",
            "mrow", "mfrac", "msqrt", "mroot", "mstyle", "merror", "mpadded", "mphantom", "mfenced", "menclose",
            "msub", "msup", "msubsup", "munder", "mover", "munderover", "mmultiscripts", "mprescripts", "none",
            "mtable", "mtr", "mtd", "mlabeledtr", "maligngroup", "malignmark", "semantics", "annotation");
    private static final Set<String> MATHML_ATTRIBUTES = Set.of("display", "displaystyle", "mathvariant",
            "mathsize", "scriptlevel", "fence", "separator", "stretchy", "symmetric", "largeop", "movablelimits",
            "accent", "accentunder", "lspace", "rspace", "linethickness", "notation", "open", "close", "separators",
            "columnalign", "rowalign", "columnspan", "rowspan", "columnlines", "rowlines", "frame", "width",
            "height", "depth", "align", "form", "minsize", "maxsize", "bevelled", "numalign", "denomalign",
            "encoding");

    private static final DocumentBuilderFactory FACTORY = factory();
    private static final ThreadLocal<DocumentBuilder> BUILDER = ThreadLocal.withInitial(JatsConverter::builder);

    private JatsConverter() {
    }

    /** The registry marks JATS abstracts with the {@code jats:} prefix; anything else is left as it is. */
    public static boolean isJats(String text) {
        return text != null && text.contains("<jats:");
    }

    public static String toHtml(String jats) {
        try {
            DocumentBuilder builder = BUILDER.get();
            builder.reset();
            builder.setErrorHandler(SILENT);
            Element root = builder.parse(new InputSource(new StringReader("<root>" + HtmlEntities.toXml(jats) + "</root>")))
                    .getDocumentElement();
            StringBuilder out = new StringBuilder(jats.length() + 64);
            children(root, out, 0, 0, false);
            return out.toString();
        } catch (Exception | StackOverflowError e) {
            Log.debugf("JATS abstract not converted (%s); answering it as escaped text", e.getMessage());
            return escape(jats);
        }
    }

    private static void children(Node parent, StringBuilder out, int sections, int depth, boolean inMath) {
        for (Node child = parent.getFirstChild(); child != null; child = child.getNextSibling()) {
            switch (child.getNodeType()) {
                case Node.TEXT_NODE, Node.CDATA_SECTION_NODE -> out.append(escape(child.getNodeValue()));
                case Node.ELEMENT_NODE -> element((Element) child, out, sections, depth + 1, inMath);
                default -> {
                    // comments and processing instructions carry nothing for a reader
                }
            }
        }
    }

    private static void element(Element element, StringBuilder out, int sections, int depth, boolean inMath) {
        if (depth > MAX_DEPTH) {
            throw new IllegalArgumentException("markup nested too deeply");
        }
        String qName = element.getTagName();
        String name = local(qName);
        if (DROPPED.contains(name)) {
            return;
        }
        // inside MathML, unprefixed elements are MathML too (a default namespace); jats: ones are not
        if (!qName.startsWith("jats:") && (inMath || name.equals("math") || qName.startsWith("mml:"))) {
            math(element, name, out, sections, depth);
            return;
        }
        switch (name) {
            case "title" -> {
                String heading = "h" + Math.min(6, 2 + sections);
                wrap(heading, element, out, sections, depth);
            }
            case "sec" -> wrap("section", element, out, sections + 1, depth);
            case "list" -> wrap(ORDERED_LISTS.contains(element.getAttribute("list-type")) ? "ol" : "ul",
                    element, out, sections, depth);
            case "break" -> out.append("<br>");
            case "ext-link", "uri", "email" -> link(element, name, out, sections, depth);
            default -> {
                String html = JATS_TO_HTML.get(name);
                if (html == null) {
                    children(element, out, sections, depth, false);
                } else {
                    wrap(html, element, out, sections, depth);
                }
            }
        }
    }

    private static void wrap(String html, Element element, StringBuilder out, int sections, int depth) {
        out.append('<').append(html).append('>');
        children(element, out, sections, depth, false);
        out.append("</").append(html).append('>');
    }

    private static void link(Element element, String name, StringBuilder out, int sections, int depth) {
        String target = element.getAttribute("xlink:href");
        if (target.isEmpty()) {
            target = element.getAttribute("href");
        }
        if (target.isEmpty() && !name.equals("ext-link")) {
            target = (name.equals("email") ? "mailto:" : "") + element.getTextContent();
        }
        target = target.strip();
        if (!safeTarget(target)) {
            children(element, out, sections, depth, false);
            return;
        }
        out.append("<a href=\"").append(escape(target)).append("\">");
        children(element, out, sections, depth, false);
        out.append("</a>");
    }

    /** http, https and mailto only, and no character a browser would skip while reading the scheme. */
    static boolean safeTarget(String target) {
        String lower = target.toLowerCase(Locale.ROOT);
        boolean scheme = lower.startsWith("http://") || lower.startsWith("https://") || lower.startsWith("mailto:");
        return scheme && target.codePoints().noneMatch(c -> Character.isISOControl(c) || Character.isWhitespace(c));
    }

    private static void math(Element element, String name, StringBuilder out, int sections, int depth) {
        if (!MATHML_ELEMENTS.contains(name)) {
            children(element, out, sections, depth, true);
            return;
        }
        out.append('<').append(name);
        if (name.equals("math")) {
            out.append(" xmlns=\"").append(MATHML_NS).append('"');
        }
        NamedNodeMap attributes = element.getAttributes();
        for (int i = 0; i < attributes.getLength(); i++) {
            Node attribute = attributes.item(i);
            if (MATHML_ATTRIBUTES.contains(attribute.getNodeName())) {
                out.append(' ').append(attribute.getNodeName()).append("=\"")
                        .append(escape(attribute.getNodeValue())).append('"');
            }
        }
        out.append('>');
        children(element, out, sections, depth, true);
        out.append("</").append(name).append('>');
    }

    private static String local(String qName) {
        return qName.substring(qName.indexOf(':') + 1);
    }

    public static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
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
