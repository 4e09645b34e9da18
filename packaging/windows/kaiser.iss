; Inno Setup 6 script for Kaiser Desktop. packaging/build.py runs it as:
;   iscc /DAppVersion=0.1.0 /DSourceDir=dist\kaiser-desktop /DOutputDir=dist
;        /DOutputBaseFilename=kaiser-desktop-0.1.0-windows-x64-setup /DIconFile=build\icons\kaiser.ico
;        packaging\windows\kaiser.iss
; Per-user install by default (no administrator prompt); the first page offers "all users".
; Signing: build.py passes /Skaiser=<command> /DSignTool=kaiser when $KAISER_SIGNTOOL is set.

#if Ver < EncodeVer(6, 3, 0)
  #error Inno Setup 6.3 or newer is needed (ArchitecturesAllowed=x64compatible)
#endif

#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
#ifndef SourceDir
  #define SourceDir "..\..\dist\kaiser-desktop"
#endif
#ifndef OutputDir
  #define OutputDir "..\..\dist"
#endif
#ifndef OutputBaseFilename
  #define OutputBaseFilename "kaiser-desktop-" + AppVersion + "-windows-x64-setup"
#endif
#ifndef IconFile
  #define IconFile "..\..\build\icons\kaiser.ico"
#endif

#define AppName "Kaiser Desktop"
#define AppExe "kaiser-desktop.exe"

[Setup]
; AppId identifies the app for upgrades and the uninstaller: never change it.
AppId={{6B0E8D52-3C1A-4F7B-9E44-2A5D7C1F8B31}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=Kaiser Desktop
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
; Qt 6.11 supports Windows 10 1809 (build 17763) and later.
MinVersion=10.0.17763
OutputDir={#OutputDir}
OutputBaseFilename={#OutputBaseFilename}
SetupIconFile={#IconFile}
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName}
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
CloseApplications=yes
#ifdef SignTool
SignTool={#SignTool}
SignedUninstaller=yes
#endif

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"
Name: "french"; MessagesFile: "compiler:Languages\French.isl"

[CustomMessages]
english.AppComment=Play Kaiser against the computer
french.AppComment=Jouez au Kaiser contre l'ordinateur

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
#ifdef SignTool
Source: "{#SourceDir}\{#AppExe}"; DestDir: "{app}"; Flags: ignoreversion signonce
Source: "{#SourceDir}\*"; Excludes: "\{#AppExe}"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs
#else
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs
#endif

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"; Comment: "{cm:AppComment}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent

[InstallDelete]
; An upgrade replaces the bundled runtime whole, so no stale library from an old version stays.
Type: filesandordirs; Name: "{app}\_internal"
