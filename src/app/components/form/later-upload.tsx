/**
 * antd's Upload after the page's first paint (about 12 kB gzip, with its file list): a send screen's
 * optional documents come last on the form. Meanwhile the caller's stand-in (its button, disabled)
 * holds the place, so a click cannot be lost to an Upload that is not there yet.
 */
import { type ReactNode, Suspense } from "react";
import type { UploadProps } from "antd";
import { lazyNamed } from "../../lib/lazy.ts";

const Upload = lazyNamed(() => import("./antd-upload.ts"), "Upload");

export function LaterUpload({ standIn, ...props }: UploadProps & { standIn: ReactNode }) {
  return (
    <Suspense fallback={standIn}>
      <Upload {...props} />
    </Suspense>
  );
}
