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
import { useRetained } from "../../../lib/use-retained";
import { useUpdateUser } from "../api/update-user";
import { ROLE_WITH_ARTICLE } from "../role-labels";
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
            title: "User updated",
            description: `${updated.username} is now ${ROLE_WITH_ARTICLE[updated.role]}.`,
          });
          onClose();
        },
        onError: (error) => toastError(error, "Failed to update user."),
      },
    );
  });

  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Edit User</DialogTitle>
          <DialogDescription>Change the role of {shown?.username}.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form className="grid gap-4" noValidate onSubmit={submit}>
            <RoleSelectField control={form.control} name="role" />
            <DialogFooter>
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? "Saving..." : "Save"}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
