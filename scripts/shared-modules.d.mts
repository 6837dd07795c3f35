import type { Plugin, UserConfig } from 'vite';

export interface SharedModule {
  id: string;
  exports: string[];
}
export const BOOT_ENTRY: string;
export function exposeModules(modules: SharedModule[], start: string, onlyRead?: boolean): Plugin;
export function importShared(modules: SharedModule[]): Plugin;
export function bootModules(configFor: (modules: SharedModule[]) => UserConfig): Promise<SharedModule[]>;
