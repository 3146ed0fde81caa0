import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { roleSchema, type User } from "../../../../domain/user";
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
import { roleWithArticle } from "../role-labels";
import { RoleSelectField } from "./role-select-field";

const FormSchema = z.object({ role: roleSchema });
type FormValues = z.infer<typeof FormSchema>;

/** Changes a user's role. `user` null = closed. */
export function EditRoleDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const update = useUpdateUser();
  const shown = useRetained(user);
  const form = useForm<FormValues>({ resolver: zodResolver(FormSchema), defaultValues: { role: "clerk" } });

  useEffect(() => {
    if (user) form.reset({ role: user.role });
  }, [user, form]);

  const submit = form.handleSubmit(({ role }) => {
    if (!user) return;
    update.mutate(
      { id: user.id, patch: { role } },
      {
        onSuccess: (updated) => {
          toast({
            title: t("users.updated"),
            description: t("users.roleChanged", {
              name: updated.username,
              role: roleWithArticle(updated.role),
            }),
          });
          onClose();
        },
        onError: (error) => toastError(error, t("users.updateFailed")),
      },
    );
  });

  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t("users.edit")}</DialogTitle>
          <DialogDescription>{t("users.editDescription", { name: shown?.username ?? "" })}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form className="grid gap-4" noValidate onSubmit={submit}>
            <RoleSelectField control={form.control} name="role" />
            <DialogFooter>
              <Button variant="outline" onClick={onClose}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? t("common.saving") : t("users.save")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
