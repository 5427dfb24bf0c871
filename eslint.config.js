// The lint of the plugin's browser scripts (`npx eslint`): eslint's recommended rules, for
// classic scripts (not modules: a site read from file:// may load no module) in a browser,
// which share one object, window.rptReports (plugins/mkdocs_reports/scripts/shared.js; published
// together as assets/mkdocs-reports/reports.js, pages/assets.py).
const js = require("@eslint/js");
const globals = require("globals");

module.exports = [
  { ignores: ["**", "!plugins/", "!plugins/mkdocs_reports/", "!plugins/mkdocs_reports/scripts/", "!plugins/mkdocs_reports/scripts/*.js", "!eslint.config.js"] },
  js.configs.recommended,
  {
    files: ["plugins/mkdocs_reports/scripts/*.js"],
    languageOptions: { ecmaVersion: 2020, sourceType: "script", globals: { ...globals.browser } },
    rules: {
      strict: ["error", "function"],  // each file's closure is strict
      "no-implicit-globals": "error",  // only what a file puts on window.rptReports is shared
      eqeqeq: "error",
      "no-unused-vars": ["error", { args: "none" }],
    },
  },
  {
    files: ["eslint.config.js"],
    languageOptions: { sourceType: "commonjs", globals: { ...globals.node } },
  },
];
