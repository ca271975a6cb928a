// js-tiktoken ships its ranks as package subpath exports, which this project's "node" module
// resolution cannot see; Node and Jest resolve them at run time.
declare module 'js-tiktoken/ranks/o200k_base' {
  import type { TiktokenBPE } from 'js-tiktoken/lite';
  const ranks: TiktokenBPE;
  export default ranks;
}
