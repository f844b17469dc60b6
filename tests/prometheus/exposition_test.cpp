// The exposition formats' rules (prometheus.io's "Exposition formats" for text 0.0.4, the
// OpenMetrics 1.0.0 specification), checked on what the writer produces.

#include "prometheus/exposition.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace marionette::prometheus {
namespace {

TEST(Exposition, AGaugeHasHelpTypeAndOneLinePerSample) {
  Exposition e;
  e.add("up_nodes", "Nodes up", MetricType::gauge, {{"site", "a"}}, 3);
  e.add("up_nodes", "Nodes up", MetricType::gauge, {{"site", "b"}}, 4.5);
  EXPECT_EQ(write(e, Format::text),
            "# HELP up_nodes Nodes up\n"
            "# TYPE up_nodes gauge\n"
            "up_nodes{site=\"a\"} 3\n"
            "up_nodes{site=\"b\"} 4.5\n");
}

TEST(Exposition, ASampleWithoutLabelsHasNoBraces) {
  Exposition e;
  e.add("x", "X", MetricType::gauge, {}, 1);
  EXPECT_EQ(write(e, Format::text), "# HELP x X\n# TYPE x gauge\nx 1\n");
}

TEST(Exposition, AFamilyWithoutSamplesIsLeftOut) {
  Exposition e;
  e.family("nothing", "Nothing yet", MetricType::counter);
  EXPECT_EQ(write(e, Format::text), "");
  EXPECT_EQ(write(e, Format::openmetrics), "# EOF\n");
}

TEST(Exposition, LabelValuesEscapeBackslashQuoteAndNewline) {
  EXPECT_EQ(escaped_label_value("C:\\dir \"x\"\nnext"), "C:\\\\dir \\\"x\\\"\\nnext");
  Exposition e;
  e.add("m", "h", MetricType::gauge, {{"path", "a\"b\\c\nd"}}, 0);
  EXPECT_NE(write(e, Format::text).find("m{path=\"a\\\"b\\\\c\\nd\"} 0\n"), std::string::npos);
}

TEST(Exposition, HelpEscapesBackslashAndNewlineAndOpenMetricsQuotesToo) {
  Exposition e;
  e.add("m", "a \\ b\n\"c\"", MetricType::gauge, {}, 0);
  EXPECT_NE(write(e, Format::text).find("# HELP m a \\\\ b\\n\"c\"\n"), std::string::npos);
  EXPECT_NE(write(e, Format::openmetrics).find("# HELP m a \\\\ b\\n\\\"c\\\"\n"),
            std::string::npos);
}

TEST(Exposition, NumbersAsTheFormatsWriteThem) {
  EXPECT_EQ(number_text(0), "0");
  EXPECT_EQ(number_text(-3), "-3");
  EXPECT_EQ(number_text(1234567890123.0), "1234567890123");
  EXPECT_EQ(number_text(0.25), "0.25");
  EXPECT_EQ(number_text(0.1), "0.1");
  EXPECT_EQ(number_text(1e20), "1e+20");
  EXPECT_EQ(number_text(std::numeric_limits<double>::infinity()), "+Inf");
  EXPECT_EQ(number_text(-std::numeric_limits<double>::infinity()), "-Inf");
  EXPECT_EQ(number_text(std::nan("")), "NaN");
}

TEST(Exposition, NamesFollowTheDataModel) {
  EXPECT_TRUE(valid_metric_name("puppet_report_time"));
  EXPECT_TRUE(valid_metric_name("job:rate5m"));
  EXPECT_FALSE(valid_metric_name("2xx"));
  EXPECT_FALSE(valid_metric_name("a-b"));
  EXPECT_FALSE(valid_metric_name(""));
  EXPECT_TRUE(valid_label_name("environment"));
  EXPECT_FALSE(valid_label_name("__name__"));
  EXPECT_FALSE(valid_label_name("a:b"));
  EXPECT_FALSE(valid_label_name("9"));
}

TEST(Exposition, ACounterKeepsTotalInTextAndOpenMetricsNamesItsFamilyWithout) {
  Exposition e;
  e.add("runs_total", "Runs", MetricType::counter, {{"host", "n1"}}, 7);
  EXPECT_EQ(write(e, Format::text),
            "# HELP runs_total Runs\n# TYPE runs_total counter\nruns_total{host=\"n1\"} 7\n");
  EXPECT_EQ(write(e, Format::openmetrics),
            "# HELP runs Runs\n# TYPE runs counter\nruns_total{host=\"n1\"} 7\n# EOF\n");
}

Exposition one_histogram() {
  Exposition e;
  Family& f = e.family("compile_duration_seconds", "Compile time", MetricType::histogram);
  Sample s;
  s.labels = {{"env", "production"}};
  s.histogram.bounds = {0.005, 1, 2.5};
  s.histogram.cumulative = {1, 3, 3};
  s.histogram.count = 4;
  s.histogram.sum = 7.25;
  f.samples.push_back(s);
  return e;
}

TEST(Exposition, AHistogramHasCumulativeBucketsInfSumAndCount) {
  EXPECT_EQ(write(one_histogram(), Format::text),
            "# HELP compile_duration_seconds Compile time\n"
            "# TYPE compile_duration_seconds histogram\n"
            "compile_duration_seconds_bucket{env=\"production\",le=\"0.005\"} 1\n"
            "compile_duration_seconds_bucket{env=\"production\",le=\"1\"} 3\n"
            "compile_duration_seconds_bucket{env=\"production\",le=\"2.5\"} 3\n"
            "compile_duration_seconds_bucket{env=\"production\",le=\"+Inf\"} 4\n"
            "compile_duration_seconds_sum{env=\"production\"} 7.25\n"
            "compile_duration_seconds_count{env=\"production\"} 4\n");
}

TEST(Exposition, OpenMetricsBucketBoundsAreCanonicalAndTheExpositionEndsWithEof) {
  std::string text = write(one_histogram(), Format::openmetrics);
  EXPECT_NE(text.find("le=\"1.0\"} 3\n"), std::string::npos) << text;
  EXPECT_NE(text.find("le=\"0.005\"} 1\n"), std::string::npos) << text;
  EXPECT_NE(text.find("le=\"+Inf\"} 4\n"), std::string::npos) << text;
  EXPECT_TRUE(text.ends_with("# EOF\n")) << text;
  EXPECT_EQ(text.find("# EOF"), text.size() - 6) << "once, at the end";
}

TEST(Exposition, SamplesOfOneFamilyStayTogetherWhateverOrderTheyCome) {
  Exposition e;
  e.add("a", "A", MetricType::gauge, {{"n", "1"}}, 1);
  e.add("b", "B", MetricType::gauge, {}, 2);
  e.add("a", "A", MetricType::gauge, {{"n", "2"}}, 3);
  EXPECT_EQ(write(e, Format::text),
            "# HELP a A\n# TYPE a gauge\na{n=\"1\"} 1\na{n=\"2\"} 3\n"
            "# HELP b B\n# TYPE b gauge\nb 2\n");
}

TEST(Exposition, TheAcceptHeaderPicksTheFormat) {
  // What Prometheus 2.42 sends.
  EXPECT_EQ(format_for_accept("application/openmetrics-text;version=1.0.0,application/"
                              "openmetrics-text;version=0.0.1;q=0.75,text/plain;version=0.0.4;"
                              "q=0.5,*/*;q=0.1"),
            Format::openmetrics);
  EXPECT_EQ(format_for_accept("text/plain;version=0.0.4;q=1,application/openmetrics-text;q=0.5"),
            Format::text);
  EXPECT_EQ(format_for_accept(""), Format::text);
  EXPECT_EQ(format_for_accept("*/*"), Format::text);
  EXPECT_EQ(format_for_accept("application/openmetrics-text; version=1.0.0"), Format::openmetrics);
  EXPECT_EQ(format_for_accept("application/openmetrics-text;q=0"), Format::text);
  EXPECT_EQ(content_type(Format::text), "text/plain; version=0.0.4; charset=utf-8");
  EXPECT_EQ(content_type(Format::openmetrics),
            "application/openmetrics-text; version=1.0.0; charset=utf-8");
}

}  // namespace
}  // namespace marionette::prometheus
