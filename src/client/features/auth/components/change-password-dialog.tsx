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
import { t, useT } from "../../../i18n";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { useChangePassword } from "../api/change-password";

const FormSchema = ChangePasswordSchema.extend({
  confirmPassword: z.string().min(1, "auth.changePassword.confirmRequired"),
}).refine((v) => v.newPassword === v.confirmPassword, {
  path: ["confirmPassword"],
  message: "auth.passwordsDiffer",
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
  useT();
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
          toast({ title: t("auth.changePassword.done"), description: t("auth.changePassword.doneDetail") });
          setOpen(false);
        },
        onError: (error) => {
          const issue =
            error instanceof ApiError ? error.issues.find((i) => i.path === "currentPassword") : undefined;
          if (issue) form.setError("currentPassword", { message: issue.message });
          else toast({ variant: "destructive", title: t("common.error"), description: errorMessage(error) });
        },
      },
    ),
  );

  const fields = [
    { name: "currentPassword", label: t("auth.changePassword.current"), autoComplete: "current-password" },
    { name: "newPassword", label: t("auth.changePassword.new"), autoComplete: "new-password" },
    { name: "confirmPassword", label: t("auth.changePassword.confirm"), autoComplete: "new-password" },
  ] as const;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t("auth.changePassword.title")}</DialogTitle>
          <DialogDescription>{t("auth.changePassword.description")}</DialogDescription>
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
                {t("common.cancel")}
              </Button>
              <Button type="submit" disabled={change.isPending}>
                {change.isPending ? t("common.saving") : t("auth.changePassword.submit")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
