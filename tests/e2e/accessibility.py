"""The accessibility scan every E2E page goes through: axe-core at a phone's and a laptop's size.

axe-core is vendored (``vendor/axe.min.js``, from the npm registry, MPL-2.0, licence beside it)
for the test suite only: the site never serves it. It is evaluated through the DevTools
protocol, which the page's Content-Security-Policy does not govern, so the scan needs no
policy exception.
"""

from __future__ import annotations

from pathlib import Path

AXE_SOURCE = (Path(__file__).parent / "vendor" / "axe.min.js").read_text(encoding="utf-8")
AXE_VERSION = "4.14.1"

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
SIZES = (PHONE, LAPTOP)

FAILING_IMPACTS = {"serious", "critical"}

RUN_AXE = """async () => {
  const result = await window.axe.run(document, {
    runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]},
    resultTypes: ["violations"],
  });
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 5).map(
      n => n.target.join(" ") + " — " + n.failureSummary.split("\\n").slice(0, 2).join(" ")),
  }));
}"""


def violations(page) -> list[dict]:
    """The serious and critical axe-core violations on the page as it is now."""
    if not page.evaluate("() => Boolean(window.axe)"):
        page.evaluate(AXE_SOURCE + "\n;undefined")
    found = page.evaluate(RUN_AXE)
    return [v for v in found if v["impact"] in FAILING_IMPACTS]


def assert_accessible(page, sizes=SIZES) -> None:
    """Scans the page at each size (a phone's and a laptop's by default), then restores its size;
    fails with every serious or critical violation found, naming the size and the elements."""
    original = page.viewport_size
    report = []
    try:
        for size in sizes:
            page.set_viewport_size(size)
            page.wait_for_timeout(100)  # the layout settles for the new width
            for violation in violations(page):
                where = f"{size['width']}x{size['height']} {page.url}"
                report.append(
                    f"{where}: {violation['impact']} {violation['id']} ({violation['help']}):\n    "
                    + "\n    ".join(violation["nodes"])
                )
    finally:
        if original:
            page.set_viewport_size(original)
    assert not report, "axe-core found serious or critical violations:\n" + "\n".join(report)
