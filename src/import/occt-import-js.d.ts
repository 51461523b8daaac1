// occt-import-js ships no types; src/import/occt.ts types what surfcd uses.
declare module 'occt-import-js' {
  const factory: unknown;
  export default factory;
}
