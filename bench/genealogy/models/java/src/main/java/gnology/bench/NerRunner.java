package gnology.bench;

import edu.stanford.nlp.pipeline.CoreDocument;
import edu.stanford.nlp.pipeline.CoreEntityMention;
import edu.stanford.nlp.pipeline.StanfordCoreNLP;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/**
 * Bench only (issue 28): reads one record a line on stdin, "lang TAB text" with the text's backslash, line breaks and
 * tabs escaped, and writes one line a record, "nanoseconds TAB name TAB name…", the person mentions CoreNLP finds.
 * Each language runs the pipeline its model jar ships (StanfordCoreNLP[-lang].properties) up to and including ner:
 * the parsers after it add nothing to a person mention and would only slow the measure.
 * Arguments: the languages to load before "ready" is written, so that loading is timed apart from reading.
 */
public final class NerRunner {
  private static final Map<String, StanfordCoreNLP> PIPELINES = new HashMap<>();

  private NerRunner() {}

  static Properties propertiesFor(String lang) throws IOException {
    Properties props = new Properties();
    String file = lang.equals("en") ? "StanfordCoreNLP.properties" : "StanfordCoreNLP-" + languageName(lang) + ".properties";
    try (InputStream in = NerRunner.class.getClassLoader().getResourceAsStream(file)) {
      if (in == null) throw new IOException("no " + file + " on the classpath: is the model jar there?");
      props.load(new InputStreamReader(in, StandardCharsets.UTF_8));
    }
    String annotators = props.getProperty("annotators");
    int ner = annotators.indexOf("ner");
    props.setProperty("annotators", annotators.substring(0, ner + 3));
    // Person mentions only: the time and number taggers change no PERSON label.
    props.setProperty("ner.applyNumericClassifiers", "false");
    props.setProperty("ner.useSUTime", "false");
    props.setProperty("ner.applyFineGrained", "false");
    return props;
  }

  static String languageName(String lang) {
    switch (lang) {
      case "fr":
        return "french";
      case "de":
        return "german";
      default:
        throw new IllegalArgumentException("no CoreNLP model for " + lang);
    }
  }

  static StanfordCoreNLP pipeline(String lang) throws IOException {
    StanfordCoreNLP p = PIPELINES.get(lang);
    if (p == null) {
      p = new StanfordCoreNLP(propertiesFor(lang));
      PIPELINES.put(lang, p);
    }
    return p;
  }

  static String unescape(String s) {
    StringBuilder out = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\' && i + 1 < s.length()) {
        char n = s.charAt(++i);
        out.append(n == 'n' ? '\n' : n == 'r' ? '\r' : n == 't' ? '\t' : n);
      } else out.append(c);
    }
    return out.toString();
  }

  static boolean isPerson(String type) {
    return type != null && (type.equals("PERSON") || type.equals("PER") || type.endsWith("-PER"));
  }

  /**
   * A mention the CRF labelled a person, word for word. CoreNLP's English entity mentions also hold the pronouns
   * ("he", "his") as PERSON mentions whose words the CRF left unlabelled: those are no name, and are left out.
   */
  static boolean isPersonName(CoreEntityMention m) {
    return isPerson(m.entityType()) && m.tokens().stream().allMatch((t) -> isPerson(t.ner()));
  }

  public static void main(String[] args) throws IOException {
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    long t0 = System.nanoTime();
    for (String lang : args) pipeline(lang);
    out.println("ready\t" + (System.nanoTime() - t0));
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    String line;
    while ((line = in.readLine()) != null) {
      int tab = line.indexOf('\t');
      String lang = line.substring(0, tab);
      String text = unescape(line.substring(tab + 1));
      long start = System.nanoTime();
      CoreDocument doc = new CoreDocument(text);
      pipeline(lang).annotate(doc);
      StringBuilder reply = new StringBuilder();
      for (CoreEntityMention m : doc.entityMentions()) {
        if (isPersonName(m)) reply.append('\t').append(m.text().replaceAll("\\s+", " "));
      }
      out.println((System.nanoTime() - start) + reply.toString());
    }
  }
}
