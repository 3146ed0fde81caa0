import { Camera, ScanLine } from "lucide-react";
import { useId, useRef, useState } from "react";
import type { Roll } from "../../../domain/roll";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { useT } from "../../i18n";
import { cn } from "../../lib/cn";
import { CameraScanDialog } from "./camera-scan-dialog";
import { lookupRoll } from "./lookup-roll";

/**
 * "Scan roll" (CONTRACT.md section 9): a keyboard-wedge scanner types the code and Enter; the roll
 * is looked up and handed to `onRoll`, which may refuse it with a sentence (a roll of another
 * warehouse). The field empties and keeps the focus for the next label. On a device with a camera
 * a button reads the QR code instead.
 */
export function ScanRollField({
  onRoll,
  className,
  label,
}: {
  /** Takes the roll; returns a sentence to show when it cannot (the field keeps the code then). */
  onRoll: (roll: Roll) => string | null | undefined;
  className?: string;
  label?: string;
}) {
  const { t } = useT();
  const id = useId();
  const [text, setText] = useState("");
  const [message, setMessage] = useState<{ text: string; tone: "error" | "ok" } | null>(null);
  const [camera, setCamera] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  // A code the camera read, taken once its dialog has closed and handed the focus back: the form may
  // then move the focus to the new row's yards (a dialog still open would pull it back).
  const cameraCode = useRef<string | null>(null);
  const hasCamera = typeof navigator !== "undefined" && Boolean(navigator.mediaDevices?.getUserMedia);

  // Labels scanned back to back wait their turn: a scanner types the next code while the last one is
  // still being looked up, and each must reach `onRoll` in order, after the screen took the one before.
  const queue = useRef<string[]>([]);
  const draining = useRef(false);
  const latestOnRoll = useRef(onRoll);
  latestOnRoll.current = onRoll;

  /** One code's lookup and hand-over; a sentence when it was not taken. */
  async function takeOne(code: string): Promise<string | null> {
    try {
      const found = await lookupRoll(code);
      if ("error" in found) return found.error;
      const refusal = latestOnRoll.current(found.roll);
      if (refusal) return refusal;
      setMessage({ text: t("scan.added", { code: found.roll.code }), tone: "ok" });
      return null;
    } catch {
      return t("scan.lookupFailed");
    }
  }

  async function take(typed: string) {
    const code = typed.trim();
    if (!code) return;
    // The field empties at once, ready for the next label.
    setText("");
    queue.current.push(code);
    if (draining.current) return;
    draining.current = true;
    try {
      let next = queue.current.shift();
      while (next !== undefined) {
        const current = next;
        const refusal = await takeOne(current);
        if (refusal) {
          setMessage({ text: refusal, tone: "error" });
          // The refused code comes back to the field (to read or correct) unless another label came.
          if (queue.current.length === 0) setText((now) => (now === "" ? current : now));
        }
        next = queue.current.shift();
      }
    } finally {
      draining.current = false;
    }
  }

  return (
    // The message hangs below the field without taking room: a refusal must not move the page (in a
    // header whose actions sit at the title's baseline it pushed the title down).
    <div className={cn("relative grid gap-2", className)}>
      <Label htmlFor={id}>{label ?? t("scan.label")}</Label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <ScanLine
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            ref={inputRef}
            id={id}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setMessage(null);
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                // A scanner's Enter must not submit the form around the field.
                e.preventDefault();
                void take(text);
              }
            }}
            placeholder={t("scan.placeholder")}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={message ? `${id}-message` : undefined}
            aria-invalid={message?.tone === "error" || undefined}
            className="pl-8 font-mono"
            maxLength={40}
          />
        </div>
        {hasCamera ? (
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label={t("scan.camera")}
            onClick={() => setCamera(true)}
          >
            <Camera aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      {message ? (
        <p
          id={`${id}-message`}
          role={message.tone === "error" ? "alert" : "status"}
          className={cn(
            "absolute top-full left-0 z-10 mt-1 w-full text-sm leading-tight",
            message.tone === "error" ? "text-destructive" : "text-muted-foreground",
          )}
        >
          {message.text}
        </p>
      ) : null}
      <CameraScanDialog
        open={camera}
        onOpenChange={setCamera}
        onCloseAutoFocus={(event) => {
          // Back to the code field, ready for the next label (typed or scanned).
          event.preventDefault();
          inputRef.current?.focus();
          const code = cameraCode.current;
          cameraCode.current = null;
          if (code) void take(code);
        }}
        onCode={(code) => {
          cameraCode.current = code;
          setCamera(false);
          setText(code);
        }}
      />
    </div>
  );
}
