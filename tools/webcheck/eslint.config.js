// ESLint for the pages' ES modules (src/guildtable/web), run by tests/web/test_web_checks.py. Flat config: the
// recommended rules, browser globals, and a few rules that keep the served code plain.
import js from "@eslint/js";
import globals from "globals";

export default [
  {
    files: ["src/guildtable/web/**/*.js"],
    ...js.configs.recommended,
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.browser },
    rules: {
      ...js.configs.recommended.rules,
      eqeqeq: ["error", "always"],
      "no-var": "error",
      "prefer-const": "error",
      "no-implicit-globals": "error",
      "no-unused-vars": ["error", { args: "after-used", argsIgnorePattern: "^_", ignoreRestSiblings: true, caughtErrors: "none" }],
    },
  },
];
