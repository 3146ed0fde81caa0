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
          title: "User added",
          description: `The user "${user.username}" has been added successfully.`,
        });
        setOpen(false);
      },
      onError: (error) => toastError(error, "Failed to add user."),
    }),
  );

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Add User</DialogTitle>
          <DialogDescription>The new user signs in with this username and password.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form className="grid gap-4" noValidate onSubmit={submit}>
            <InputField
              control={form.control}
              name="username"
              label="Username"
              {...USERNAME_INPUT}
              autoComplete="off"
            />
            <InputField
              control={form.control}
              name="password"
              label="Password"
              type="password"
              autoComplete="new-password"
            />
            <RoleSelectField control={form.control} name="role" />
            <DialogFooter>
              <Button variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? "Saving..." : "Add User"}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
