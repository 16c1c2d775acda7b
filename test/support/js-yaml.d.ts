// js-yaml ships no types: the one function the tests use (YAML's reading of a front matter, the reference).
declare module 'js-yaml' {
  export function load(text: string): unknown;
}
