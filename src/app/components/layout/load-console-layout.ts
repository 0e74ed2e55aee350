/** The signed-in pages' frame (menu, header), loaded on its own: the sign-in pages never need it. */
export const loadConsoleLayout = () => import("./console-layout.tsx");
