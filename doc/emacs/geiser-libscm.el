;;; geiser-libscm.el --- libscm for Geiser  -*- lexical-binding: t -*-
;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:

;; libscm as a Scheme implementation of Geiser 0.10 (Debian's
;; elpa-geiser): M-x run-libscm starts `scm' and talks to it; M-x
;; geiser-connect with implementation libscm talks to a running
;; `scm --listen=PORT'.  Evaluation (C-x C-e, C-c C-r...), loading a
;; file (C-c C-l), completion (M-TAB) and autodoc (the signature of the
;; procedure at point in the echo area) work.  The Scheme side is the
;; built-in library (system geiser): every request is a call of one of
;; its procedures typed at the REPL, which writes Geiser's answer.
;;
;; Set up:
;;   (add-to-list 'load-path "/path/to/libscm/doc/emacs")
;;   (require 'geiser-libscm)
;;   (setq geiser-libscm-binary "/path/to/libscm/scm")
;;
;; Debian's own `scm' (another Scheme) is not libscm's: name the binary.

;;; Code:

(require 'geiser-base)
(require 'geiser-custom)
(require 'geiser-eval)
(require 'geiser-impl)
(require 'geiser-syntax)
(require 'geiser)

(defgroup geiser-libscm nil
  "Customization for Geiser's libscm flavour."
  :group 'geiser)

(geiser-custom--defcustom geiser-libscm-binary "scm"
  "The libscm program (scm) Geiser starts for a REPL."
  :type 'string
  :group 'geiser-libscm)

(defconst geiser-libscm--prompt-regexp "scm\\(@[^>\n]*\\)?> "
  "The REPL's prompt: scm> or scm@(module name)> .")

(defconst geiser-libscm--debugger-prompt-regexp
  "scm\\(@[^>\n]*\\)? \\[[0-9]+\\]> "
  "The prompt of a debug level: scm [1]> .")

(defun geiser-libscm--binary () geiser-libscm-binary)

(defun geiser-libscm--parameters ()
  "Run the REPL of (system geiser): prompts, no line editing."
  '("-q" "-c" "(import (system geiser)) (geiser:start-repl)"))

(defun geiser-libscm--module-string (module)
  "MODULE (a string naming a library, or nil) as a quoted Scheme datum."
  (if (and module (not (member module '("'()" "#f" ""))))
      (concat "'" module)
    "#f"))

(defun geiser-libscm--geiser-procedure (proc &rest args)
  "The Scheme text that asks (system geiser) for PROC with ARGS."
  (pcase proc
    ((or 'eval 'compile)
     (format "(geiser:eval %s '%s)"
             (geiser-libscm--module-string (car args))
             (mapconcat #'identity (cdr args) " ")))
    ((or 'load-file 'compile-file)
     (format "(geiser:load-file %s)" (car args)))
    ('no-values "(geiser:no-values)")
    (_ (format "(geiser:%s %s)" proc (mapconcat #'identity args " ")))))

(defun geiser-libscm--get-module (&optional module)
  "The library MODULE names (a string or a list), or :f for none."
  (cond ((null module) :f)
        ((listp module) module)
        ((stringp module)
         (condition-case nil
             (car (geiser-syntax--read-from-string module))
           (error :f)))
        (t :f)))

(defun geiser-libscm--symbol-begin (module)
  "Where the symbol (or, with MODULE, the library name) at point begins."
  (if module
      (max (save-excursion (beginning-of-line) (point))
           (save-excursion (skip-syntax-backward "^(>") (1- (point))))
    (save-excursion (skip-syntax-backward "^'-()>") (point))))

(defun geiser-libscm--import-command (module)
  (format "(import %s)" module))

(defun geiser-libscm--exit-command () "(exit 0)")

(defun geiser-libscm--version (binary)
  "The version `BINARY --version' prints: scm (libscm) 0.1.0."
  (car (last (split-string (car (process-lines binary "--version")) " "))))

(defun geiser-libscm--startup (remote)
  "A REPL server's client (REMOTE) imports (system geiser) first.
The newline ends the answer: Geiser waits for a prompt at the start of
a line, and over a socket nothing echoes the line sent."
  (when remote
    (geiser-eval--send/wait "(import (system geiser)) (newline)")))

(define-geiser-implementation libscm
  (binary geiser-libscm--binary)
  (arglist geiser-libscm--parameters)
  (version-command geiser-libscm--version)
  (minimum-version "0.1.0")
  (repl-startup geiser-libscm--startup)
  (prompt-regexp geiser-libscm--prompt-regexp)
  (debugger-prompt-regexp geiser-libscm--debugger-prompt-regexp)
  (marshall-procedure geiser-libscm--geiser-procedure)
  (find-module geiser-libscm--get-module)
  (exit-command geiser-libscm--exit-command)
  (import-command geiser-libscm--import-command)
  (find-symbol-begin geiser-libscm--symbol-begin))

(geiser-impl--add-to-alist 'regexp "\\.sld\\'" 'libscm t)

(provide 'geiser-libscm)

;;; geiser-libscm.el ends here
