package org.submission.doi.html;

import io.quarkus.logging.Log;
import java.util.Set;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Attribute;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.safety.Cleaner;
import org.jsoup.safety.Safelist;
import org.jsoup.select.NodeVisitor;

/**
 * The last step of every abstract conversion: jsoup's {@link Cleaner} keeps only the allow-list
 * below (sections, headings, paragraphs, inline formatting, lists, http/https/mailto links,
 * MathML), then the clean tree is written out. HTML abstracts are parsed by jsoup as a browser
 * would; JATS abstracts arrive here already renamed by {@link JatsConverter}.
 */
public final class SafeHtml {

    static final String MATHML_NS = "http://www.w3.org/1998/Math/MathML";
    /** Elements whose content is not text a reader should see. */
    static final Set<String> DROPPED = Set.of("script", "style", "object", "embed", "iframe", "graphic",
            "inline-graphic", "media", "annotation-xml", "object-id", "alt-text", "template", "noscript");
    static final Set<String> MATHML_ELEMENTS = Set.of("math", "mi", "mn", "mo", "ms", "mtext", "mspace",
            "mrow", "mfrac", "msqrt", "mroot", "mstyle", "merror", "mpadded", "mphantom", "mfenced", "menclose",
            "msub", "msup", "msubsup", "munder", "mover", "munderover", "mmultiscripts", "mprescripts", "none",
            "mtable", "mtr", "mtd", "mlabeledtr", "maligngroup", "malignmark", "semantics", "annotation");
    static final Set<String> MATHML_ATTRIBUTES = Set.of("display", "displaystyle", "mathvariant",
            "mathsize", "scriptlevel", "fence", "separator", "stretchy", "symmetric", "largeop", "movablelimits",
            "accent", "accentunder", "lspace", "rspace", "linethickness", "notation", "open", "close", "separators",
            "columnalign", "rowalign", "columnspan", "rowspan", "columnlines", "rowlines", "frame", "width",
            "height", "depth", "align", "form", "minsize", "maxsize", "bevelled", "numalign", "denomalign",
            "encoding");
    private static final Set<String> VOID = Set.of("br");
    private static final String DROPPED_SELECTOR = String.join(",", DROPPED);

    private static final Cleaner CLEANER = new Cleaner(safelist());

    /** Characters of an abstract; a longer one is cut there and read as HTML. */
    public static final int MAX_ABSTRACT = 30_000;

    private SafeHtml() {
    }

    /**
     * A registry abstract as the service answers it: safe HTML when it holds markup, left as it is
     * without. One over {@link #MAX_ABSTRACT} is cut there and read as HTML: JATS cut short is no
     * longer well-formed XML, and the HTML reading keeps its text, not its structure.
     */
    public static String abstractOf(String text) {
        if (text.indexOf('<') < 0) {
            return text;
        }
        return text.length() > MAX_ABSTRACT ? fromHtml(text.substring(0, MAX_ABSTRACT)) : ofAbstract(text);
    }

    /** Any abstract holding markup: JATS or HTML alike, the answer is safe HTML; it never fails. */
    public static String ofAbstract(String text) {
        return JatsConverter.isJats(text) ? JatsConverter.toHtml(text) : fromHtml(text);
    }

    /**
     * HTML as a browser would read it, reduced to the allow-list; unreadable markup becomes escaped
     * text. Linear in the input: removing or unwrapping a node re-indexes all its siblings, so
     * a dropped element is only emptied (the Cleaner leaves out the element itself) and an unsafe
     * link only loses its target (the writer then writes its text), never moved in the tree.
     */
    static String fromHtml(String html) {
        try {
            Document dirty = Jsoup.parseBodyFragment(html);
            dirty.body().select(DROPPED_SELECTOR).forEach(Element::empty);
            for (Element link : dirty.body().select("a")) {
                if (!SafeText.safeLink(link.attr("href"))) {
                    link.removeAttr("href");
                }
            }
            return clean(dirty);
        } catch (RuntimeException | StackOverflowError e) {
            Log.debugf("HTML abstract not converted (%s); answering it as escaped text", e.getMessage());
            return escape(html);
        }
    }

    /** The body of the draft reduced to the allow-list and written as HTML text. */
    static String clean(Document draft) {
        Element body = CLEANER.clean(draft).body();
        StringBuilder out = new StringBuilder();
        body.traverse(new Writer(body, out));
        return out.toString();
    }

    /** Text escaped for HTML content and attribute values alike. */
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

    private static Safelist safelist() {
        Safelist safelist = new Safelist()
                .addTags("p", "section", "h2", "h3", "h4", "h5", "h6", "i", "b", "sub", "sup", "u", "code", "br",
                        "ul", "ol", "li", "blockquote", "pre", "a")
                .addAttributes("a", "href")
                .addProtocols("a", "href", "http", "https", "mailto")
                // the links were checked with SafeText.safeLink already; keep them exactly as the source wrote them
                .preserveRelativeLinks(true);
        for (String element : MATHML_ELEMENTS) {
            safelist.addTags(element).addAttributes(element, MATHML_ATTRIBUTES.toArray(String[]::new));
        }
        return safelist;
    }

    /**
     * Writes the clean tree. jsoup's own output would name U+00A0 {@code &nbsp;} and leave quotes
     * in text as they are; this keeps the answer's earlier form: the five special characters
     * escaped, every other character as itself. A link whose target the Cleaner removed is written
     * as its text.
     */
    private record Writer(Element root, StringBuilder out) implements NodeVisitor {

        @Override
        public void head(Node node, int depth) {
            if (node instanceof TextNode text) {
                out.append(escape(text.getWholeText()));
            } else if (node instanceof Element element && node != root && written(element)) {
                out.append('<').append(element.normalName());
                if (element.nameIs("math")) {
                    out.append(" xmlns=\"").append(MATHML_NS).append('"');
                }
                for (Attribute attribute : element.attributes()) {
                    out.append(' ').append(attribute.getKey()).append("=\"").append(escape(attribute.getValue())).append('"');
                }
                out.append('>');
            }
        }

        @Override
        public void tail(Node node, int depth) {
            if (node instanceof Element element && node != root && written(element) && !VOID.contains(element.normalName())) {
                out.append("</").append(element.normalName()).append('>');
            }
        }

        private static boolean written(Element element) {
            return !element.nameIs("a") || element.hasAttr("href");
        }
    }
}
