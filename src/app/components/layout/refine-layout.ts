/**
 * The pieces of @refinedev/antd the signed-in frame uses. The build gives this file's import of the
 * package a module of its own (vite.config.ts, lighterPackages): the package is one file, and as
 * one module it would carry into the frame, so onto every signed-in page, what any page takes from
 * it (useTable and antd's Form with it).
 */
export { ThemedLayout, ThemedSider, useThemedLayoutContext } from "@refinedev/antd";
