// ESLint for the web client (static ES modules in the browser, no build step), its service worker,
// node's unit tests and this file. `make lint` runs it; formatting is Prettier's (.prettierrc).
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", ".venv/", "build/", "dist/", "src/briscola/apps/web/offline/"] },
  js.configs.recommended,
  {
    // the project's guide: a module past ~450 lines is usually two ideas
    rules: { "max-lines": ["error", { max: 450, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ["src/briscola/apps/web/js/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.browser },
  },
  {
    files: ["src/briscola/apps/web/js/score/sw.js", "src/briscola/apps/web/js/offline/sw.js"],
    languageOptions: { sourceType: "script", globals: globals.serviceworker },
  },
  {
    files: ["tests/js/**/*.js", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.node },
  },
];
