import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { CreateUserSchema } from "../../../../domain/user";
import { InputField, USERNAME_INPUT } from "../../../components/input-field";
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
import { t, useT } from "../../../i18n";
import { useCreateUser } from "../api/create-user";
import { RoleSelectField } from "./role-select-field";

type FormValues = z.input<typeof CreateUserSchema>;
const EMPTY: FormValues = { username: "", password: "", role: "clerk" };

export function AddUserDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  useT();
  const create = useCreateUser();
  const form = useForm<FormValues, unknown, z.output<typeof CreateUserSchema>>({
    resolver: zodResolver(CreateUserSchema),
    defaultValues: EMPTY,
  });

  function setOpen(next: boolean) {
    if (!next) form.reset(EMPTY);
    onOpenChange(next);
  }

  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (user) => {
        toast({
          title: t("users.added"),
          description: t("users.addedDetail", { name: user.username }),
        });
        setOpen(false);
      },
      onError: (error) => toastError(error, t("users.addFailed")),
    }),
  );

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t("users.add")}</DialogTitle>
          <DialogDescription>{t("users.addDescription")}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form className="grid gap-4" noValidate onSubmit={submit}>
            <InputField
              control={form.control}
              name="username"
              label={t("auth.username")}
              {...USERNAME_INPUT}
              autoComplete="off"
            />
            <InputField
              control={form.control}
              name="password"
              label={t("auth.password")}
              type="password"
              autoComplete="new-password"
            />
            <RoleSelectField control={form.control} name="role" />
            <DialogFooter>
              <Button variant="outline" onClick={() => setOpen(false)}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? t("common.saving") : t("users.add")}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
