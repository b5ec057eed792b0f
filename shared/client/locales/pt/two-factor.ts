import type { Dictionary } from "#client/i18n.ts";

// Two-factor sign-in: the authenticator app, recovery codes, passkeys and step-up, in both SPAs,
// with the API's messages (shared/src/schemas/two-factor.ts).
export default {
  "Authenticator app": "App autenticador",
  "Add a passkey": "Adicionar uma chave de acesso",
  "Code from your authenticator app": "Código do seu app autenticador",
  "Confirm it is you": "Confirme que é você",
  Confirm: "Confirmar",
  Cancel: "Cancelar",
  Remove: "Remover",
  Verify: "Verificar",
  "Loading…": "Carregando…",
  Password: "Senha",
  "Each one signs you in once if you lose your phone. They are shown only now.":
    "Cada um permite entrar uma vez se você perder o celular. Eles só aparecem agora.",
  "Enter a code from your authenticator app or use a passkey.":
    "Digite um código do seu app autenticador ou use uma chave de acesso.",
  "I have saved my recovery codes": "Já salvei meus códigos de recuperação",
  "Lost your phone? Use a recovery code": "Perdeu o celular? Use um código de recuperação",
  "Off. Sign-in asks only for your password.": "Desativada. O login pede só a sua senha.",
  "On. {{count}} recovery codes left.": "Ativada. Restam {{count}} códigos de recuperação.",
  "Or type this key:": "Ou digite esta chave:",
  "Passkey added.": "Chave de acesso adicionada.",
  Passkeys: "Chaves de acesso",
  "QR code for your authenticator app": "Código QR para o seu app autenticador",
  "Recovery code": "Código de recuperação",
  "Recovery codes": "Códigos de recuperação",
  "Remove passkey {{name}}": "Remover a chave de acesso {{name}}",
  "Scan this QR code with your authenticator app, then enter the code it shows.":
    "Escaneie este código QR com o seu app autenticador e depois digite o código que ele mostra.",
  "Set up two-factor sign-in": "Configure o login em duas etapas",
  "Set up": "Configurar",
  "Sign in with a passkey": "Entrar com uma chave de acesso",
  "Sign in with your fingerprint, face or screen lock instead of a password.":
    "Entre com sua digital, seu rosto ou o bloqueio de tela em vez de uma senha.",
  "Turn off two-factor sign-in": "Desativar o login em duas etapas",
  "Turn off": "Desativar",
  "Turn on": "Ativar",
  "Two-factor code": "Código de duas etapas",
  "Two-factor sign-in is on. Keep these recovery codes":
    "O login em duas etapas está ativado. Guarde estes códigos de recuperação",
  "Two-factor sign-in": "Login em duas etapas",
  "Use a code from your app": "Usar um código do seu app",
  "Use a passkey": "Usar uma chave de acesso",
  "Your passkeys": "Suas chaves de acesso",
  "Enter the 6-digit code from your authenticator app.":
    "Digite o código de 6 dígitos do seu app autenticador.",
  "This code is not right, or it was already used. Wait for the next one.":
    "Este código não está certo ou já foi usado. Espere o próximo.",
  "This recovery code is not right, or it was already used.":
    "Este código de recuperação não está certo ou já foi usado.",
  "Enter a code from your app or a recovery code.":
    "Digite um código do seu app ou um código de recuperação.",
  "This sign-in took too long. Please enter your password again.":
    "Este login demorou demais. Digite sua senha de novo.",
  "Start the set-up first: scan the QR code, then enter a code.":
    "Primeiro inicie a configuração: escaneie o código QR e depois digite um código.",
  "Two-factor sign-in is already on.": "O login em duas etapas já está ativado.",
  "Two-factor sign-in is not on.": "O login em duas etapas não está ativado.",
  "Confirm it is you: enter a code from your authenticator app or use a passkey.":
    "Confirme que é você: digite um código do seu app autenticador ou use uma chave de acesso.",
  "Staff must turn on two-factor sign-in before doing anything else.":
    "A equipe deve ativar o login em duas etapas antes de fazer qualquer outra coisa.",
  "This passkey could not be checked. Try again.":
    "Não foi possível verificar esta chave de acesso. Tente de novo.",
  "This passkey is not registered here.": "Esta chave de acesso não está registrada aqui.",
  "No such passkey.": "Essa chave de acesso não existe.",
  "This passkey request expired. Try again.": "Este pedido de chave de acesso expirou. Tente de novo.",
  "Two-factor sign-in is off.": "O login em duas etapas está desativado.",
  "The passkey was removed.": "A chave de acesso foi removida.",
  "Added in the last 24 hours": "Adicionada nas últimas 24 horas",
  "Added {{date}} from {{where}}": "Adicionada em {{date}} de {{where}}",
  "Added {{date}}": "Adicionada em {{date}}",
  "Also remove the passkeys added in the last 24 hours: {{names}}":
    "Remover também as chaves de acesso adicionadas nas últimas 24 horas: {{names}}",
  "Choose a new password": "Escolha uma nova senha",
  "Confirm it is you: enter your password again.": "Confirme que é você: digite sua senha de novo.",
  "Do this if you did not add them yourself.": "Faça isso se não foi você quem as adicionou.",
  "Ends every session on every device, this one too.":
    "Encerra todas as sessões em todos os dispositivos, inclusive esta.",
  "Enter your password again to make this change.": "Digite sua senha de novo para fazer esta alteração.",
  "Last used {{date}}": "Último uso: {{date}}",
  "Make new recovery codes": "Criar novos códigos de recuperação",
  "Never used": "Nunca usada",
  "New recovery codes were made. The old ones no longer work.":
    "Novos códigos de recuperação foram criados. Os anteriores não funcionam mais.",
  "New recovery codes. The old ones no longer work":
    "Novos códigos de recuperação. Os anteriores não funcionam mais",
  "Save and log in": "Salvar e entrar",
  "Sign out everywhere": "Sair de todos os lugares",
  "Sign out of every device": "Sair de todos os dispositivos",
  "This sign-in took too long. Please log in with the e-mailed password again.":
    "Este login demorou demais. Entre de novo com a senha enviada por e-mail.",
  "You signed in with a temporary password. Choose a new password to continue.":
    "Você entrou com uma senha temporária. Escolha uma nova senha para continuar.",
  "You were signed out everywhere. Please log in again.": "Você saiu de todos os lugares. Entre novamente.",
  "Your account has two-factor sign-in: confirm with a code from your app or a passkey.":
    "Sua conta tem login em duas etapas: confirme com um código do seu app ou uma chave de acesso.",
  Copy: "Copiar",
  Download: "Baixar",
  "Copied.": "Copiado.",
  "Agora recovery codes": "Códigos de recuperação do Agora",
  "The passkey request was cancelled.": "O pedido da chave de acesso foi cancelado.",
  "No passkey was used: the request was cancelled, timed out, or this device has no passkey for Agora.":
    "Nenhuma chave de acesso foi usada: o pedido foi cancelado, expirou ou este dispositivo não tem chave de acesso para o Agora.",
  "No passkey was made: the request was cancelled or timed out.":
    "Nenhuma chave de acesso foi criada: o pedido foi cancelado ou expirou.",
  "This device already holds a passkey for your account.":
    "Este dispositivo já tem uma chave de acesso para sua conta.",
  "Passkeys do not work on this address.": "Chaves de acesso não funcionam neste endereço.",
  "This device cannot make the kind of passkey Agora needs.":
    "Este dispositivo não consegue criar o tipo de chave de acesso de que o Agora precisa.",
  "The passkey did not work. Try again, or use your code instead.":
    "A chave de acesso não funcionou. Tente de novo ou use seu código.",
} satisfies Dictionary;
