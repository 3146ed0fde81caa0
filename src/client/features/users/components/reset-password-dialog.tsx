import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { passwordSchema, type User } from "../../../../domain/user";
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
import { toast, toastError } from "../../../components/ui/use-toast";
import { t } from "../../../i18n";
import { useRetained } from "../../../lib/use-retained";
import { useUpdateUser } from "../api/update-user";

const FormSchema = z
  .object({
    password: passwordSchema,
    confirmPassword: z.string().min(1, "auth.changePassword.confirmRequired"),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "auth.passwordsDiffer",
  });
type FormValues = z.infer<typeof FormSchema>;
const EMPTY: FormValues = { password: "", confirmPassword: "" };

/** Sets a new password for a user (their sessions end). `user` null = closed. */
export function ResetPasswordDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const update = useUpdateUser();
  const shown = useRetained(user);
  const form = useForm<FormValues>({ resolver: zodResolver(FormSchema), defaultValues: EMPTY });

  useEffect(() => {
    if (user) form.reset(EMPTY);
  }, [user, form]);

  const submit = form.handleSubmit(({ password }) => {
    if (!user) return;
    update.mutate(
      { id: user.id, patch: { password } },
      {
        onSuccess: (updated) => {
          toast({
            title: t("users.updated"),
            description: t("users.passwordReset", { name: updated.username }),
          });
          onClose();
        },
        onError: (error) => toastError(error, t("users.updateFailed")),
      },
    );
  });

  const fields = [
    { name: "password", label: t("auth.changePassword.new") },
    { name: "confirmPassword", label: t("auth.changePassword.confirm") },
  ] as const;

  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t("users.resetPasswordTitle")}</DialogTitle>
          <DialogDescription>
            {t("users.resetPasswordDescription", { name: shown?.username ?? "" })}
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
                autoComplete="new-password"
              />
            ))}
            <DialogFooter>
              <Button variant="outline" onClick={onClose}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? t("common.saving") : t("users.resetPasswordTitle")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
