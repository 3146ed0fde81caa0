import { useEffect, useRef, useState } from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { t } from "../../i18n";

interface Stopper {
  stop(): void;
}

interface DetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

/** The browser's own QR reader where it has one (Chrome on Android and macOS, Safari 17+). */
async function nativeDetector(): Promise<DetectorLike | null> {
  const Detector = (
    globalThis as {
      BarcodeDetector?: {
        new (o: { formats: string[] }): DetectorLike;
        getSupportedFormats?: () => Promise<string[]>;
      };
    }
  ).BarcodeDetector;
  if (!Detector) return null;
  const formats = (await Detector.getSupportedFormats?.()) ?? [];
  return formats.includes("qr_code") ? new Detector({ formats: ["qr_code"] }) : null;
}

/**
 * Reads one QR code with the back camera: BarcodeDetector when the browser has it, else zxing
 * (loaded only now, so the app's first load does not carry it). Stops the camera when it has a
 * code or is closed.
 */
async function startScanning(video: HTMLVideoElement, onCode: (code: string) => void): Promise<Stopper> {
  const detector = await nativeDetector();
  if (!detector) {
    const { BrowserQRCodeReader } = await import("@zxing/browser");
    const reader = new BrowserQRCodeReader();
    const controls = await reader.decodeFromConstraints(
      { video: { facingMode: "environment" } },
      video,
      (result) => {
        if (result) onCode(result.getText());
      },
    );
    return { stop: () => controls.stop() };
  }
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
  video.srcObject = stream;
  await video.play();
  let running = true;
  const tick = async () => {
    if (!running) return;
    try {
      const [found] = await detector.detect(video);
      if (found) onCode(found.rawValue);
    } catch {
      // A frame that could not be read: try the next.
    }
    if (running) setTimeout(tick, 150);
  };
  void tick();
  return {
    stop: () => {
      running = false;
      for (const track of stream.getTracks()) track.stop();
    },
  };
}

/** A dialog that shows the camera and closes with the first QR code it reads. */
export function CameraScanDialog({
  open,
  onOpenChange,
  onCode,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCode: (code: string) => void;
  /** Where the focus goes when the dialog closes (the code field, for the next label). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  // The video element as state: the dialog's content mounts a render after `open` turns true (a
  // portal), so the camera starts once the element exists.
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  useEffect(() => {
    if (!open || !video) return;
    setProblem(null);
    let stopper: Stopper | null = null;
    let done = false;
    startScanning(video, (code) => {
      if (done) return;
      done = true;
      stopper?.stop();
      onCodeRef.current(code);
    })
      .then((s) => {
        stopper = s;
        if (done) s.stop();
      })
      .catch((error: unknown) => {
        const denied = error instanceof DOMException && error.name === "NotAllowedError";
        setProblem(denied ? t("scan.cameraBlocked") : t("scan.noCamera"));
      });
    return () => {
      done = true;
      stopper?.stop();
    };
  }, [open, video]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{t("scan.cameraTitle")}</DialogTitle>
          <DialogDescription>{t("scan.cameraText")}</DialogDescription>
        </DialogHeader>
        {problem ? (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        ) : null}
        <video
          ref={setVideo}
          muted
          playsInline
          className="aspect-square w-full rounded-md bg-black object-cover"
        />
      </DialogContent>
    </Dialog>
  );
}
