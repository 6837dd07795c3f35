import type { Plugin, UserConfig } from 'vite';

export interface SharedModule {
  id: string;
  exports: string[];
}
/** The modules one file of the script-tag build holds and shares, under `Symbol.for(symbol)`. */
export interface Layer {
  name: string;
  symbol: string;
  modules: SharedModule[];
}
export function entryId(name: string): string;
export function exposeModules(layer: Layer, start: string, onlyRead?: boolean): Plugin;
export function importShared(layers: Layer[], reader: string): Plugin;
export function layerModules(configFor: (modules: SharedModule[]) => UserConfig): Promise<SharedModule[]>;
