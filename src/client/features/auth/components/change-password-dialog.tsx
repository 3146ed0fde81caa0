import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { ChangePasswordSchema } from "../../../../domain/user";
import { InputField } from "../../../components/input-field";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Form } from "../../../components/ui/form";
import { toast } from "../../../components/ui/use-toast";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { useChangePassword } from "../api/change-password";

const FormSchema = ChangePasswordSchema.extend({
  confirmPassword: z.string().min(1, "Confirm the new password"),
}).refine((v) => v.newPassword === v.confirmPassword, {
  path: ["confirmPassword"],
  message: "The passwords do not match",
});
type FormValues = z.input<typeof FormSchema>;

const EMPTY: FormValues = { currentPassword: "", newPassword: "", confirmPassword: "" };

export default function ChangePasswordDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const change = useChangePassword();
  const form = useForm<FormValues, unknown, z.output<typeof FormSchema>>({
    resolver: zodResolver(FormSchema),
    defaultValues: EMPTY,
  });

  function setOpen(next: boolean) {
    if (!next) form.reset(EMPTY);
    onOpenChange(next);
  }

  const submit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toast({ title: "Password changed", description: "Your password has been changed successfully." });
          setOpen(false);
        },
        onError: (error) => {
          const issue =
            error instanceof ApiError ? error.issues.find((i) => i.path === "currentPassword") : undefined;
          if (issue) form.setError("currentPassword", { message: issue.message });
          else toast({ variant: "destructive", title: "Error", description: errorMessage(error) });
        },
      },
    ),
  );

  const fields = [
    { name: "currentPassword", label: "Current password", autoComplete: "current-password" },
    { name: "newPassword", label: "New password", autoComplete: "new-password" },
    { name: "confirmPassword", label: "Confirm new password", autoComplete: "new-password" },
  ] as const;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Change password</DialogTitle>
          <DialogDescription>
            Your other sessions will be signed out. At least 8 characters.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form className="grid gap-4" noValidate onSubmit={submit}>
            {fields.map((f) => (
              <InputField
                key={f.name}
                control={form.control}
                name={f.name}
                label={f.label}
                type="password"
                autoComplete={f.autoComplete}
              />
            ))}
            <DialogFooter>
              <Button variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={change.isPending}>
                {change.isPending ? "Saving..." : "Change password"}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
