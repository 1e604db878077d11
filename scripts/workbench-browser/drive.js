// Drives the workbench in headless Chromium (scripts/workbench-browser.sh).
//   node drive.js URL CHROMIUM PROFILE_DIR SAMPLE_PDN OUT_PNG
// Exit 1 on a failed step or on any console or page error.
"use strict";
const { chromium } = require("playwright-core");

const [url, executablePath, profile, sample, out] = process.argv.slice(2);
const errors = [];
let expect400 = false; // the bad FEN's answer, logged by Chromium as a failed load
const step = (msg) => console.log("workbench-browser: " + msg);

async function main() {
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath, headless: true, viewport: { width: 1400, height: 1250 },
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync"],
  });
  const page = ctx.pages()[0] || await ctx.newPage();
  page.on("console", (m) => {
    if (m.type() === "error" && !(expect400 && m.text().includes("400 (Bad Request)"))) { errors.push("console: " + m.text()); }
  });
  page.on("pageerror", (e) => errors.push("page error: " + e.message));
  page.on("requestfailed", (r) => { if (!r.failure() || r.failure().errorText !== "net::ERR_ABORTED") { errors.push("request failed: " + r.url()); } });
  try {
    await page.goto(url);
    await page.waitForFunction(() => document.getElementById("status").textContent === "ready");
    step("page ready");

    // The sample file, uploaded: its first entry is picked.
    await page.setInputFiles("#file", sample);
    await page.waitForFunction(() => document.getElementById("author").value.includes("Shoshin") &&
      document.getElementById("status").textContent.includes("composition"));
    const sampleFEN = await page.inputValue("#fen");
    if (sampleFEN !== "W:WKa5,a3:Ba7,f4") { throw new Error("first sample entry's FEN " + sampleFEN); }
    step("sample uploaded, first entry: " + await page.inputValue("#author") + ", " + sampleFEN);

    // The position again by clicks: clear, then a king and three men.
    await page.click("#clear");
    if (await page.inputValue("#fen") !== "W:W:B") { throw new Error("clear left " + await page.inputValue("#fen")); }
    for (const [tool, sq] of [["W", "a5"], ["w", "a3"], ["b", "a7"], ["b", "f4"]]) {
      await page.check(`input[name=tool][value="${tool}"]`);
      await page.click(`#board [data-square="${sq}"]`);
    }
    const clicked = await page.inputValue("#fen");
    if (clicked !== sampleFEN) { throw new Error(`by clicks ${clicked}, want ${sampleFEN}`); }
    step("position set by clicks: " + clicked);

    // Square numbers instead of the algebraic names, and the board flipped.
    const label = (sq) => page.textContent(`#board [data-square="${sq}"] text.coord`);
    await page.check("#coords");
    if (await label("b8") !== "1" || await label("h2") !== "28") { throw new Error("square numbers: b8 " + await label("b8")); }
    await page.uncheck("#coords");
    const where = () => page.getAttribute('#board [data-square="a1"]', "transform");
    const before = await where();
    await page.click("#flip");
    const flipped = await where();
    await page.click("#flip");
    if (flipped === before || await where() !== before) { throw new Error(`flip: a1 at ${before}, ${flipped}, ${await where()}`); }
    step(`square numbers shown; flipped a1 from ${before} to ${flipped} and back`);

    // The check: progress, then the verdict.
    await page.click("#check");
    await page.waitForSelector("#verdict", { timeout: 15 * 60 * 1000 });
    const verdict = await page.textContent("#verdict");
    step("verdict: " + verdict + " — " + await page.textContent("#progress"));
    if (verdict !== "sound") { throw new Error("Shoshin's study: verdict " + verdict + ", want sound"); }
    const report = await page.textContent("#report");
    if (!report.includes("a5-b4") || !report.includes("Checks")) { throw new Error("the report lacks the key or the checks"); }

    // The solution tree: click the key, step with the keyboard.
    await page.click("#solutions button.move.main");
    for (let i = 0; i < 4; i++) { await page.keyboard.press("ArrowRight"); }
    const walked = await page.textContent("#viewlabel");
    if (!walked.startsWith("after a5-b4 ")) { throw new Error("after stepping: " + walked); }
    const pieces = await page.locator("#board circle.piece").count();
    if (pieces < 2) { throw new Error("the board shows " + pieces + " pieces"); }
    step("walked to: " + walked);

    // A try with its refutation on the board, then back to the line.
    const marks = page.locator("#solutions .marks button");
    if (await marks.count() > 0) {
      await marks.first().click();
      if (await page.locator("#board .arrow").count() < 1) { throw new Error("a finding shows no arrow"); }
      step("finding shown: " + await page.textContent("#viewlabel"));
    }
    await page.click("#solutions button.move.main");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.screenshot({ path: out });
    step("screenshot " + out);

    // A bad FEN comes back as a message on the page.
    expect400 = true;
    await page.fill("#fen", "W:Wz9");
    await page.click("#setfen");
    await page.waitForSelector("#error:not([hidden])");
    step("bad FEN: " + await page.textContent("#error"));
    expect400 = false;
    await page.click("#backedit");

    // Stop: a long check (Scholma's problem, 30 pieces) stopped at once.
    await page.selectOption("#entries", "3");
    await page.waitForFunction(() => document.getElementById("author").value.includes("Scholma") &&
      document.getElementById("fen").value.startsWith("W:W21,"));
    await page.click("#check");
    await page.waitForFunction(() => !document.getElementById("stop").disabled);
    await page.waitForTimeout(1500);
    await page.click("#stop");
    await page.waitForFunction(() => document.getElementById("progress").textContent === "stopped" && !document.getElementById("check").disabled, null, { timeout: 60000 });
    step("second check stopped");
  } finally {
    await ctx.close();
  }
  if (errors.length) { throw new Error("errors in the browser:\n" + errors.join("\n")); }
}

main().catch((e) => { console.error("workbench-browser: FAIL: " + e.message); process.exit(1); });
