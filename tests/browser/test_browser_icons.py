"""The pieces' icons (web/js/icons.js) in the browser: every name the game modules draw is there, draws inside its
24-box in the colour of the text around it, carries its title on a board, and an unknown name draws a placeholder
instead of throwing. The last page shows every icon at 20 and 48 px (artifacts/screenshots/)."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

# The names the renderers code against, by game (space-separated).
EXPECTED = {
    "city-blocks": "house store factory school power-plant mall courthouse",
    "city-and-guilds": "baker weaver candlemaker smith building market minstrel-house tavern well gate",
    "guildhall": "robber scholar hunter peddler bricklayer tax-collector prestige chapter",
    "guilds-of-london": (
        "compasses anchor cross scythe crown church giants livery-hall parade university guildhall plantation"
        " liveryman master coin vp card beadle"
    ),
    "generic": "figure",
}
SHAPES = "path, circle, rect, ellipse, polygon, polyline, line"
MARGIN = 0.5  # the drawn box (without stroke widths) stays this far inside the 24-box


def open_icons(page: Any) -> None:
    page.goto("/rules/city-blocks")
    page.wait_for_selector("body[data-ready='true']")
    page.evaluate("async () => { window.icons = await import('/static/js/icons.js'); }")


def test_every_expected_name_is_there(page: Any) -> None:
    open_icons(page)
    names = page.evaluate("[...icons.ICON_NAMES]")
    assert len(names) == len(set(names)), "no name twice"
    for game, expected in EXPECTED.items():
        missing = [name for name in expected.split() if name not in names]
        assert not missing, (game, missing)
    assert page.evaluate("icons.ICON_NAMES.every((name) => icons.hasIcon(name))")
    assert page.evaluate("['', 'nope', 'constructor', 'toString', 'marker-white'].every((n) => !icons.hasIcon(n))")


def test_every_icon_draws_inside_its_box_in_the_text_colour(page: Any) -> None:
    open_icons(page)
    rows = page.evaluate(
        """(shapes) => {
          const host = document.createElement("div");
          host.style.color = "rgb(10, 120, 200)";
          document.body.append(host);
          return icons.ICON_NAMES.map((name) => {
            const el = icons.iconSvg(name, { size: 48 });
            host.append(el);
            const box = el.getBBox();
            const parts = [...el.querySelectorAll(shapes)];
            // Each part paints with currentColor: its fill or its stroke (whichever it has) is the host's colour.
            const paints = parts.map((part) => {
              const style = getComputedStyle(part);
              return style.fill !== "none" ? style.fill : style.stroke;
            });
            return {
              name, x: box.x, y: box.y, right: box.x + box.width, bottom: box.y + box.height,
              width: box.width, height: box.height, parts: parts.length, paints: [...new Set(paints)],
              tag: el.tagName, cls: el.getAttribute("class"), viewBox: el.getAttribute("viewBox"),
              size: [el.getAttribute("width"), el.getAttribute("height")], hidden: el.getAttribute("aria-hidden"),
              titles: el.querySelectorAll("title").length, drawn: el.getBoundingClientRect().width,
              markup: el.innerHTML,
            };
          });
        }""",
        SHAPES,
    )
    assert rows
    for row in rows:
        name = row["name"]
        assert row["tag"] == "svg" and row["cls"] == "icon" and row["viewBox"] == "0 0 24 24", row
        assert row["size"] == ["48", "48"] and row["drawn"] == 48, row
        assert row["hidden"] == "true" and row["titles"] == 0, name
        assert 1 <= row["parts"] <= 30, (name, row["parts"])
        assert row["width"] >= 6 and row["height"] >= 6, (name, "draws more than a speck")
        assert row["x"] >= MARGIN and row["y"] >= MARGIN, (name, row["x"], row["y"])
        assert row["right"] <= 24 - MARGIN and row["bottom"] <= 24 - MARGIN, (name, row["right"], row["bottom"])
        assert row["paints"] == ["rgb(10, 120, 200)"], (name, row["paints"])
    markups = [row["markup"] for row in rows]
    assert len(set(markups)) == len(markups), "no two names draw the same picture"


def test_icon_on_a_board_is_placed_scaled_titled_and_coloured(page: Any) -> None:
    open_icons(page)
    rows = page.evaluate(
        """() => {
          const board = document.createElementNS("http://www.w3.org/2000/svg", "svg");
          board.setAttribute("viewBox", "0 0 200 200");
          board.setAttribute("width", "200");
          board.setAttribute("height", "200");
          document.body.append(board);
          const at = board.getBoundingClientRect();
          return icons.ICON_NAMES.map((name) => {
            const g = icons.icon(name, { x: 10, y: 20, size: 36, title: `The ${name}`, color: "rgb(200, 0, 0)" });
            board.append(g);
            const rect = g.getBoundingClientRect();
            const plain = icons.icon(name);
            return {
              name, tag: g.tagName,
              title: g.firstElementChild.tagName === "title" ? g.firstElementChild.textContent : null,
              hidden: g.getAttribute("aria-hidden"), colour: getComputedStyle(g).color,
              box: [rect.left - at.left, rect.top - at.top, rect.right - at.left, rect.bottom - at.top],
              plainHidden: plain.getAttribute("aria-hidden"), plainTitles: plain.querySelectorAll("title").length,
              plainTransform: plain.getAttribute("transform"),
            };
          });
        }"""
    )
    for row in rows:
        name = row["name"]
        assert row["tag"] == "g" and row["title"] == f"The {name}", row
        assert row["hidden"] is None and row["colour"] == "rgb(200, 0, 0)", row
        left, top, right, bottom = row["box"]
        assert left >= 10 and right <= 46 and top >= 20 and bottom <= 56, (name, row["box"])
        assert right - left >= 9 and bottom - top >= 9, (name, row["box"])
        assert row["plainHidden"] == "true" and row["plainTitles"] == 0, row
        assert row["plainTransform"] == "translate(0 0) scale(1)", row
    inline = page.evaluate(
        """() => {
          const colour = "var(--seat1, rgb(0, 128, 0))";
          const el = icons.iconSvg("crown", { size: 20, title: "Crown", color: colour, className: "big" });
          document.body.append(el);
          return { cls: el.getAttribute("class"), title: el.querySelector("title")?.textContent,
                   hidden: el.getAttribute("aria-hidden"), role: el.getAttribute("role"),
                   size: el.getAttribute("width"),
                   colour: el.style.color };
        }"""
    )
    assert inline["cls"] == "icon big" and inline["title"] == "Crown" and inline["hidden"] is None, inline
    assert inline["role"] == "img" and inline["size"] == "20" and inline["colour"].startswith("var(--seat1"), inline


def test_an_unknown_name_draws_a_placeholder_without_throwing(page: Any) -> None:
    open_icons(page)
    placeholders = page.evaluate(
        """() => [undefined, null, "", "no-such-piece", "constructor", "__proto__"].map((name) => {
          const el = icons.iconSvg(name, { title: "?" });
          const g = icons.icon(name, { x: 5, y: 5 });
          document.body.append(el);
          const box = el.getBBox();
          return { svg: el.tagName, g: g.tagName, circles: el.querySelectorAll("circle").length,
                   parts: el.querySelectorAll("path, rect, ellipse, polygon").length,
                   gCircles: g.querySelectorAll("circle").length,
                   title: el.querySelector("title")?.textContent, width: box.width };
        })"""
    )
    for placeholder in placeholders:
        assert placeholder["svg"] == "svg" and placeholder["g"] == "g", placeholder
        assert placeholder["circles"] == 1 and placeholder["parts"] == 0 and placeholder["gCircles"] == 1, placeholder
        assert placeholder["title"] == "?" and 0 < placeholder["width"] < 12, placeholder
    # Options left out or null are the defaults.
    assert page.evaluate("icons.iconSvg('coin', null).getAttribute('width') === '18' && !!icons.icon('coin', null)")
    # The page fixture fails the test on any console error: nothing was logged.


def test_all_icons_at_20_and_48_px(page: Any) -> None:
    """Every icon at the sizes the pages use, labelled, for the screenshot the page fixture keeps."""
    open_icons(page)
    count = page.evaluate(
        """() => {
          document.querySelector("main")?.remove();
          const grid = document.createElement("div");
          grid.id = "icon-grid";
          grid.style.cssText = "display:grid;grid-template-columns:repeat(8, 1fr);gap:12px;padding:16px";
          for (const name of icons.ICON_NAMES) {
            const cell = document.createElement("figure");
            cell.style.cssText = "margin:0;display:flex;flex-direction:column;align-items:center;gap:4px";
            const row = document.createElement("div");
            row.append(icons.iconSvg(name, { size: 20 }), " ", icons.iconSvg(name, { size: 48, title: name }));
            const label = document.createElement("figcaption");
            label.textContent = name;
            cell.append(row, label);
            grid.append(cell);
          }
          document.body.append(grid);
          return grid.querySelectorAll("svg.icon").length;
        }"""
    )
    assert count == 2 * page.evaluate("icons.ICON_NAMES.length")
    assert page.locator("#icon-grid").bounding_box()["height"] > 200
